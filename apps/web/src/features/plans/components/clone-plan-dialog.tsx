import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PLAN_DESCRIPTION_MAX, PLAN_NAME_MAX } from '@predict/shared';
import { useId } from 'react';
import { useClonePlanForm, type ClonePlanForm, type ClonePlanFormArgs } from '../hooks/use-clone-plan-form';
import { CopyToProjectField } from './copy-to-project-field';

/**
 * Clones a plan into this or another study, then opens the clone (its editing page; the editor sends plans the
 * user cannot edit on to review).
 */
export function ClonePlanDialog({
  plan,
  currentStudy,
  studyPlanNames,
  onClose,
}: ClonePlanFormArgs & { onClose: () => void }) {
  const titleId = useId();
  const form = useClonePlanForm({ plan, currentStudy, studyPlanNames });
  const { pending } = form;

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Clone Study Plan</DialogTitle>
      <DialogContent>
        <ClonePlanFields form={form} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={form.submit} loading={pending}>
          Clone
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Name, description and the study the clone goes to, each with its message once a submit was tried. */
function ClonePlanFields({ form }: { form: ClonePlanForm }) {
  const { values, errors } = form;
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <TextField
        label="Study Plan Name"
        required
        size="small"
        value={values.name}
        onChange={(e) => form.set('name', e.target.value)}
        error={errors.studyPlanName !== undefined}
        helperText={errors.studyPlanName ?? `${values.name.length}/${PLAN_NAME_MAX}`}
        slotProps={{ htmlInput: { maxLength: PLAN_NAME_MAX } }}
      />
      <TextField
        label="Study Plan Description"
        required
        multiline
        minRows={2}
        size="small"
        value={values.descr}
        onChange={(e) => form.set('descr', e.target.value)}
        error={errors.studyPlanDescr !== undefined}
        helperText={errors.studyPlanDescr ?? `${values.descr.length}/${PLAN_DESCRIPTION_MAX}`}
        slotProps={{ htmlInput: { maxLength: PLAN_DESCRIPTION_MAX } }}
      />
      <CopyToProjectField
        value={values.target}
        onChange={(study) => form.set('target', study)}
        error={errors.studyId}
      />
    </Stack>
  );
}
