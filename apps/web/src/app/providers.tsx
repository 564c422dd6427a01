import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AppSnackbarProvider } from '@/components/snackbars';
import { ConfirmProvider } from '@/components/warning-dialog';
import { CurrentStudyProvider } from '@/features/current-study';
import { createQueryClient } from './query-client';
import { theme } from './theme';

/** Everything the screens rely on: theme, server state, snackbars, the warning dialog and the current study. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <AppSnackbarProvider>
          <ConfirmProvider>
            <CurrentStudyProvider>{children}</CurrentStudyProvider>
          </ConfirmProvider>
        </AppSnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
