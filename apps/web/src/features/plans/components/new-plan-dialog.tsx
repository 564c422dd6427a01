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
import type { StudyPlanListRow } from '@predict/shared';
import { useId } from 'react';
import { useNewPlanForm, type NewPlanChoice } from '../hooks/use-new-plan-form';
import { CombinationFields } from './combination-fields';

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
  const form = useNewPlanForm(studyId, plans, onClose);
  const { values, pending } = form;
  const { choice } = values;

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
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
            onChange={(e) => form.set('choice', e.target.value as NewPlanChoice)}
          >
            <FormControlLabel value="scenario-a" control={<Radio />} label="Enrollment Rates" />
            <FormControlLabel value="scenario-b" control={<Radio />} label="Overall Enrollment Duration" />
            <FormControlLabel
              sx={{ ml: 3 }}
              disabled={choice !== 'scenario-b'}
              control={
                <Checkbox
                  checked={values.sequential}
                  onChange={(e) => form.set('sequential', e.target.checked)}
                />
              }
              label="Sequential Cohorts"
            />
            <FormControlLabel value="scenario-c" control={<Radio />} label="Combination" />
          </RadioGroup>
        </FormControl>
        {choice === 'scenario-c' && (
          <CombinationFields
            plans={form.eligible}
            values={values.combination}
            errors={form.errors}
            onChange={(combination) => form.set('combination', combination)}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={form.submit} loading={pending}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
