import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  CTIS_FAILED_MESSAGE,
  CTIS_SAVED_MESSAGE,
  type CtisChoice,
  type CtisPlanResponse,
  type StudyPlan,
} from '@predict/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { ctisPlanQuery, saveCtisSubmission } from '../api/country-dialogs-api';
import { savedChoice } from '../utils/ctis-choice';
import { CtisForm } from './ctis-form';

/** spec/1 section 4: after a CTIS save the page reloads after 1 second; onSaved is called then. */
export const CTIS_RELOAD_DELAY_MS = 1000;

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
  const notify = useNotify();
  const initial = savedChoice(data.rows);
  const [included, setIncluded] = useState(
    () => new Map(data.rows.map((r) => [r.siteGroupId, r.includeExclude === 'i'])),
  );
  const [choice, setChoice] = useState<CtisChoice>(initial.choice);
  const [newDate, setNewDate] = useState<number | null>(initial.date);
  const [saving, setSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const blocked = saving || data.rows.length === 0 || (choice === 'enterNew' && newDate === null);

  const save = async () => {
    setSaving(true);
    try {
      await saveCtisSubmission(plan.studyId, {
        studyPlanId: plan.studyPlanId,
        rowVersion: plan.rowVersion,
        choice,
        enterNewDate: choice === 'enterNew' ? newDate : null,
        rows: data.rows.map((r) => ({
          siteGroupId: r.siteGroupId,
          includeExclude: included.get(r.siteGroupId) ? 'i' : 'e',
        })),
      });
      notify.success(CTIS_SAVED_MESSAGE);
      timer.current = setTimeout(onSaved, CTIS_RELOAD_DELAY_MS);
    } catch {
      notify.error(CTIS_FAILED_MESSAGE);
      setSaving(false);
    }
  };

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
            included={included}
            onIncludedChange={(id, on) => setIncluded((m) => new Map(m).set(id, on))}
            choice={choice}
            onChoiceChange={setChoice}
            newDate={newDate}
            onNewDateChange={setNewDate}
            disabled={saving}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={blocked} loading={saving}>
          Continue
        </Button>
      </DialogActions>
    </>
  );
}
