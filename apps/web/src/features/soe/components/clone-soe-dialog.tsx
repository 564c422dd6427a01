import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SOE_LIMITS } from '@predict/shared';
import { useId, type FormEvent } from 'react';
import { useCloneSoeForm, type CloneSoeForm, type CloneSoeSource } from '../hooks/use-clone-soe-form';
import { FORM_SX } from '../utils/field-messages';

export { cloneSoeDefaultName } from '../hooks/use-clone-soe-form';

/**
 * Clone (spec/2 sections 2 and 5): a new name and description; the server copies everything below the SOE and the
 * clone opens in the editor. Name uniqueness comes from the server (400 on the name).
 */
export function CloneSoeDialog({
  studyId,
  soe,
  onClose,
}: {
  studyId: number;
  soe: CloneSoeSource;
  onClose: () => void;
}) {
  const titleId = useId();
  const form = useCloneSoeForm(studyId, soe);
  const { problem, pending } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit} sx={FORM_SX}>
        <DialogTitle id={titleId}>Clone Schedule of Events</DialogTitle>
        <DialogContent>
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <CloneSoeFields form={form} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!form.valid} loading={pending}>
            Clone
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The new name and description, each with its message or its length against the limit. */
function CloneSoeFields({ form }: { form: CloneSoeForm }) {
  const { values, errors } = form;
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <TextField
        label="SOE Name"
        required
        autoFocus
        size="small"
        value={values.name}
        onChange={(e) => form.set('name', e.target.value)}
        error={errors.name !== undefined}
        helperText={errors.name ?? `${values.name.length}/${SOE_LIMITS.nameMax}`}
        slotProps={{ htmlInput: { maxLength: SOE_LIMITS.nameMax } }}
      />
      <TextField
        label="SOE Description"
        required
        multiline
        minRows={2}
        maxRows={6}
        size="small"
        value={values.description}
        onChange={(e) => form.set('description', e.target.value)}
        error={errors.description !== undefined}
        helperText={errors.description ?? `${values.description.length}/${SOE_LIMITS.descriptionMax}`}
        slotProps={{ htmlInput: { maxLength: SOE_LIMITS.descriptionMax } }}
      />
    </Stack>
  );
}
