import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { SNACKBAR_AUTO_HIDE_MS } from '@predict/shared';
import { closeSnackbar, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

/** Snackbars of spec/1 section 8: bottom-left, auto-hide after 10 s, closable by hand. */
export function AppSnackbarProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      action={(key) => (
        <IconButton size="small" color="inherit" aria-label="Close" onClick={() => closeSnackbar(key)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    >
      {children}
    </SnackbarProvider>
  );
}
