import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export const UNSAVED_CHANGES_TITLE = 'You Have Unsaved Changes';
const TEXT = 'Your changes to this Schedule of Events are not saved yet.';

export interface UnsavedChangesDialogProps {
  open: boolean;
  saving: boolean;
  onExitWithoutSaving: () => void;
  onSaveAndExit: () => void;
  onClose: () => void;
}

/** Cancel with unsaved changes (spec/2 section 4): leave without saving, or save and leave only if it worked. */
export function UnsavedChangesDialog({
  open,
  saving,
  onExitWithoutSaving,
  onSaveAndExit,
  onClose,
}: UnsavedChangesDialogProps) {
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby="soe-unsaved-title">
      <DialogTitle id="soe-unsaved-title">{UNSAVED_CHANGES_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText>{TEXT}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onExitWithoutSaving} disabled={saving}>
          Exit Without Saving
        </Button>
        <Button variant="contained" onClick={onSaveAndExit} disabled={saving}>
          Save &amp; Exit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
