export { WarningDialog, type WarningDialogProps } from './warning-dialog';
export { ConfirmProvider } from './confirm-provider';
export { useConfirm } from './use-confirm';
export type { Confirm, ConfirmOptions } from './confirm-context';
