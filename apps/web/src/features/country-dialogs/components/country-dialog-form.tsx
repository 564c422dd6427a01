import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import type { ReactNode, Ref } from 'react';

export interface CountryDialogFormProps {
  /** The dialog's fields, stacked. */
  children: ReactNode;
  saving: boolean;
  saveDisabled: boolean;
  onCancel: () => void;
  onSave: () => void;
  saveRef?: Ref<HTMLButtonElement>;
}

/** The body and Cancel / Save actions shared by Add and Edit Country. */
export function CountryDialogForm({
  children,
  saving,
  saveDisabled,
  onCancel,
  onSave,
  saveRef,
}: CountryDialogFormProps) {
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button ref={saveRef} variant="contained" onClick={onSave} disabled={saveDisabled} loading={saving}>
          Save
        </Button>
      </DialogActions>
    </>
  );
}
