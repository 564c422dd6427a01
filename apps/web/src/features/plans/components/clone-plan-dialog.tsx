import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useClonePlanForm, type ClonePlanForm, type ClonePlanFormArgs } from '../hooks/use-clone-plan-form';
import { CopyToProjectField } from './copy-to-project-field';
import { PlanNameFields } from './plan-name-fields';

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
      <PlanNameFields
        name={values.name}
        descr={values.descr}
        errors={errors}
        onName={(name) => form.set('name', name)}
        onDescr={(descr) => form.set('descr', descr)}
      />
      <CopyToProjectField
        value={values.target}
        onChange={(study) => form.set('target', study)}
        error={errors.studyId}
      />
    </Stack>
  );
}
