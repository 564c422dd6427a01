import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

export interface Notify {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

/** Shows a snackbar of one of the four variants the spec uses. */
export function useNotify(): Notify {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message) => enqueueSnackbar(message, { variant: 'success' }),
      error: (message) => enqueueSnackbar(message, { variant: 'error' }),
      info: (message) => enqueueSnackbar(message, { variant: 'info' }),
      warning: (message) => enqueueSnackbar(message, { variant: 'warning' }),
    }),
    [enqueueSnackbar],
  );
}
