import type { SxProps, Theme } from '@mui/material/styles';

/** The compact bordered input of the editor's table cells (light, so hundreds of rows stay quick). */
export const fieldSx: SxProps<Theme> = {
  fontSize: 14,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  px: 0.75,
  '&.Mui-error': { borderColor: 'error.main' },
  '&.Mui-disabled': { bgcolor: 'action.hover' },
  '&.Mui-focused': { borderColor: 'primary.main' },
};
