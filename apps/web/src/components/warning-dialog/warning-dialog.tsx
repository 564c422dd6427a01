import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

export interface WarningDialogProps {
  open: boolean;
  message: ReactNode;
  onOk: () => void;
  onCancel: () => void;
  title?: string;
  okLabel?: string;
  cancelLabel?: string;
}

/** The spec's confirmation dialog: titled 'Warning!', with OK and Cancel. */
export function WarningDialog({
  open,
  message,
  onOk,
  onCancel,
  title = 'Warning!',
  okLabel = 'OK',
  cancelLabel = 'Cancel',
}: WarningDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button onClick={onOk} variant="contained" color="warning" autoFocus>
          {okLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
