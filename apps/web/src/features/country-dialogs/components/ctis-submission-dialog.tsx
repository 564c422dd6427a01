import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { CtisPlanResponse, StudyPlan } from '@predict/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ctisPlanQuery } from '../api/country-dialogs-api';
import { useCtisForm } from '../hooks/use-ctis-form';
import { CtisForm } from './ctis-form';

export { CTIS_RELOAD_DELAY_MS } from '../hooks/use-ctis-form';

export interface CtisSubmissionDialogProps {
  open: boolean;
  plan: StudyPlan;
  onClose: () => void;
  /** Called CTIS_RELOAD_DELAY_MS after a successful save. */
  onSaved: () => void;
}

/** CTIS Submission (spec/1 sections 2, 3, 8): include or exclude each eligible group and pick the date choice. */
export function CtisSubmissionDialog(props: CtisSubmissionDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>CTIS Submission</DialogTitle>
      {props.open && <CtisLoader {...props} />}
    </Dialog>
  );
}

function CtisLoader(props: CtisSubmissionDialogProps) {
  const query = useQuery(ctisPlanQuery(props.plan.studyPlanId));
  if (query.data) return <CtisEditor {...props} data={query.data} />;
  return (
    <>
      <DialogContent>
        {query.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            The CTIS submission could not be loaded.
          </Alert>
        ) : (
          <CircularProgress aria-label="Loading CTIS submission" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
      </DialogActions>
    </>
  );
}

function CtisEditor({
  plan,
  onClose,
  onSaved,
  data,
}: CtisSubmissionDialogProps & { data: CtisPlanResponse }) {
  const form = useCtisForm(plan, data, onSaved);
  const { values, saving } = form;

  return (
    <>
      <DialogContent>
        {data.rows.length === 0 ? (
          <Typography color="text.secondary">
            No country of this plan takes a CTIS submission (EU member states only).
          </Typography>
        ) : (
          <CtisForm
            rows={data.rows}
            included={values.included}
            onIncludedChange={form.setIncluded}
            choice={values.choice}
            onChoiceChange={(choice) => form.set('choice', choice)}
            newDate={values.newDate}
            onNewDateChange={(millis) => form.set('newDate', millis)}
            disabled={saving}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void form.save()}
          disabled={saving || !form.valid}
          loading={saving}
        >
          Continue
        </Button>
      </DialogActions>
    </>
  );
}
