import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/** Leaving a step with unsaved changes (spec/1 section 2): exit without saving, or save first. */
export function UnsavedChangesDialog({
  open,
  canSave,
  saving,
  onExit,
  onSaveAndExit,
  onClose,
}: {
  open: boolean;
  /** False while the form has errors: saving would be refused, so only exiting is offered. */
  canSave: boolean;
  saving: boolean;
  onExit: () => void;
  onSaveAndExit: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>You Have Unsaved Changes</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {canSave
            ? 'Save your changes before leaving, or leave without saving them.'
            : 'Your changes have errors and cannot be saved. Leave without saving them, or close this dialog to fix them.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onExit} disabled={saving}>
          Exit Without Saving
        </Button>
        <Button onClick={onSaveAndExit} variant="contained" disabled={!canSave || saving}>
          Save & Exit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
