import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { COMBINABLE_TYPE_DETAILS, validateCombinationForm, type StudyPlanListRow } from '@predict/shared';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateCombinationPlan } from '../hooks/use-plan-mutations';
import { newPlanPath } from '../utils/plan-paths';
import { CombinationFields, EMPTY_COMBINATION, type CombinationValues } from './combination-fields';

type Choice = 'scenario-a' | 'scenario-b' | 'scenario-c';

const combinable = (plans: readonly StudyPlanListRow[]) =>
  plans.filter((p) => (COMBINABLE_TYPE_DETAILS as readonly string[]).includes(p.studyPlanTypeDetail));

/**
 * The new plan dialog (spec/1 section 2): Rates and Duration plans open the editor of an unsaved plan;
 * a Combination is created here at once from the chosen plans.
 */
export function NewPlanDialog({
  studyId,
  plans,
  onClose,
}: {
  studyId: number;
  plans: readonly StudyPlanListRow[];
  onClose: () => void;
}) {
  const titleId = useId();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Choice>('scenario-a');
  const [sequential, setSequential] = useState(false);
  const [combination, setCombination] = useState<CombinationValues>(EMPTY_COMBINATION);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateCombinationPlan(studyId);

  const eligible = combinable(plans);
  const chosen = combination.selected
    .map((id) => eligible.find((p) => p.studyPlanId === id))
    .filter((p): p is StudyPlanListRow => p !== undefined);
  const errors = Object.fromEntries(
    validateCombinationForm(
      { studyPlanName: combination.name, studyPlanDescr: combination.descr, plans: chosen },
      { existingNames: plans.map((p) => p.studyPlanName) },
    ).map((e) => [e.field, e.message]),
  );

  const submit = () => {
    if (choice !== 'scenario-c') {
      void navigate(newPlanPath(studyId, choice, sequential));
      return;
    }
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    create.mutate(
      chosen.map((p) => ({
        studyId,
        studyPlanId: p.studyPlanId,
        studyPlanName: combination.name.trim(),
        studyPlanDescr: combination.descr.trim(),
      })),
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={choice === 'scenario-c' ? 'md' : 'sm'}
    >
      <DialogTitle id={titleId}>Create New Study Plan</DialogTitle>
      <DialogContent>
        <FormControl>
          <FormLabel id={`${titleId}-type`}>Study plan type</FormLabel>
          <RadioGroup
            aria-labelledby={`${titleId}-type`}
            value={choice}
            onChange={(e) => setChoice(e.target.value as Choice)}
          >
            <FormControlLabel value="scenario-a" control={<Radio />} label="Enrollment Rates" />
            <FormControlLabel value="scenario-b" control={<Radio />} label="Overall Enrollment Duration" />
            <FormControlLabel
              sx={{ ml: 3 }}
              disabled={choice !== 'scenario-b'}
              control={<Checkbox checked={sequential} onChange={(e) => setSequential(e.target.checked)} />}
              label="Sequential Cohorts"
            />
            <FormControlLabel value="scenario-c" control={<Radio />} label="Combination" />
          </RadioGroup>
        </FormControl>
        {choice === 'scenario-c' && (
          <CombinationFields
            plans={eligible}
            values={combination}
            errors={submitted ? errors : {}}
            onChange={setCombination}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} loading={create.isPending}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
