import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export interface UploadDialogProps {
  title: string;
  /** What the file has to hold, above the rest (none when the steps say it). */
  help?: ReactNode;
  open?: boolean;
  /** While the upload runs the dialog cannot be closed (Escape and the backdrop do nothing). */
  busy: boolean;
  onClose: () => void;
  /** The drop zone or step, then progress, the outcome and the errors. */
  children: ReactNode;
  /** Cancel, Upload, Continue ... */
  actions: ReactNode;
}

/** The shell every upload dialog shares (spec/1 section 5, spec/2 section 8): title, help, body, actions. */
export function UploadDialog({
  title,
  help,
  open = true,
  busy,
  onClose,
  children,
  actions,
}: UploadDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {help && (
            <Typography variant="body2" color="text.secondary">
              {help}
            </Typography>
          )}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
}

/** An upload dialog's primary button: off until a file is chosen, spinning while the upload runs. */
export function UploadButton({
  ready,
  busy,
  onClick,
  children = 'Upload',
}: {
  ready: boolean;
  busy: boolean;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <Button variant="contained" onClick={onClick} disabled={!ready || busy} loading={busy}>
      {children}
    </Button>
  );
}
