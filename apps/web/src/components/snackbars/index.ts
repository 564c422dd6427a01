export { AppSnackbarProvider } from './snackbar-provider';
export { useNotify, type Notify } from './use-notify';
