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

/** Every cell: 13 px text and 8 px a side (MUI's are 14 and 16), so that more columns fit before the table scrolls. */
export const CELL_SX = { px: 1, fontSize: 13 } as const;
export const CELL_PADDING_PX = 16;
