import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  PLAN_DESCRIPTION_MAX,
  PLAN_NAME_MAX,
  cloneDefaultName,
  validateCloneForm,
  type StudySearchResult,
  type StudyPlanListRow,
} from '@predict/shared';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { useClonePlan } from '../hooks/use-plan-mutations';
import { planEditPath } from '../utils/plan-paths';
import { fieldMessages } from '../utils/plan-rows';
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
}: {
  plan: StudyPlanListRow;
  currentStudy: StudySearchResult;
  /** Names of the current study's plans: uniqueness is checked here only for that study, the server checks all. */
  studyPlanNames: readonly string[];
  onClose: () => void;
}) {
  const titleId = useId();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [name, setName] = useState(() => cloneDefaultName(plan.studyPlanName));
  const [descr, setDescr] = useState(plan.studyPlanDescr);
  const [target, setTarget] = useState<StudySearchResult | null>(currentStudy);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const clone = useClonePlan();

  const localErrors = Object.fromEntries(
    validateCloneForm(
      { studyPlanName: name, studyPlanDescr: descr, studyId: target?.studyId ?? null },
      { existingNames: target?.studyId === currentStudy.studyId ? studyPlanNames : [] },
    ).map((e) => [e.field, e.message]),
  );
  const errors: Record<string, string> = submitted ? { ...serverErrors, ...localErrors } : {};

  const submit = () => {
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(localErrors).length > 0 || target === null) return;
    clone.mutate(
      {
        studyPlanId: plan.studyPlanId,
        studyPlanName: name.trim(),
        studyPlanDescr: descr.trim(),
        scenarioStatus: 'Draft',
        ownedBy: user.name,
        studyId: target.studyId,
      },
      {
        onSuccess: (row) => void navigate(planEditPath(row.studyId ?? target.studyId, row.studyPlanId)),
        onError: (error) => {
          if (isApiError(error)) setServerErrors(fieldMessages(error));
        },
      },
    );
  };

  // A server message belongs to the value it judged: editing the field clears it.
  const edit = (field: string, apply: () => void) => {
    apply();
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };

  return (
    <Dialog
      open
      onClose={clone.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Clone Study Plan</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Study Plan Name"
            required
            size="small"
            value={name}
            onChange={(e) => edit('studyPlanName', () => setName(e.target.value))}
            error={errors.studyPlanName !== undefined}
            helperText={errors.studyPlanName ?? `${name.length}/${PLAN_NAME_MAX}`}
            slotProps={{ htmlInput: { maxLength: PLAN_NAME_MAX } }}
          />
          <TextField
            label="Study Plan Description"
            required
            multiline
            minRows={2}
            size="small"
            value={descr}
            onChange={(e) => edit('studyPlanDescr', () => setDescr(e.target.value))}
            error={errors.studyPlanDescr !== undefined}
            helperText={errors.studyPlanDescr ?? `${descr.length}/${PLAN_DESCRIPTION_MAX}`}
            slotProps={{ htmlInput: { maxLength: PLAN_DESCRIPTION_MAX } }}
          />
          <CopyToProjectField
            value={target}
            onChange={(study) => edit('studyId', () => setTarget(study))}
            error={errors.studyId}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={clone.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} loading={clone.isPending}>
          Clone
        </Button>
      </DialogActions>
    </Dialog>
  );
}
