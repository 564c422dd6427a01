import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The first column (what the row is) and the actions column (its menu) stay in view while a wide table scrolls
 * sideways, so the row menu can be reached at 1280 px. Sticky cells need a background to cover what passes under.
 */
export function stickySx(side: 'left' | 'right' | null, inHead: boolean): SxProps<Theme> {
  if (side === null) return {};
  return {
    position: 'sticky',
    [side]: 0,
    zIndex: inHead ? 3 : 1,
    bgcolor: 'background.paper',
  };
}
