import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StudyPlan } from '@predict/shared';
import { UploadButton, UploadDialog } from '@/components/upload-dialog';
import { UploadErrorList } from '@/components/upload-error-list';
import { useUploadPlan } from '../hooks/use-upload-plan';
import { PlanDropZone } from './plan-drop-zone';

const PHASE_LABELS = {
  idle: '',
  reading: 'Reading the file...',
  confirming: 'Waiting for your answer...',
  uploading: 'Uploading and updating the plan...',
} as const;

/**
 * Upload Plan (spec/1 sections 2 and 5): a drop zone, progress, the Errors Found list (each error by sheet, row
 * and column), the System Response area on failure, and Cancel / Continue.
 */
export function UploadPlanDialog({
  plan,
  open,
  onClose,
}: {
  plan: StudyPlan;
  open: boolean;
  onClose: () => void;
}) {
  const { state, selectFile, upload, reset, busy } = useUploadPlan(plan, onClose);
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  return (
    <UploadDialog
      title="Upload Plan"
      help={
        'Upload a study plan spreadsheet made from the template (EXPORT PLAN gives one). Everything in it replaces ' +
        "this plan's values and countries; the plan keeps its name."
      }
      open={open}
      busy={busy}
      onClose={close}
      actions={
        <>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <UploadButton ready={!!state.file} busy={busy} onClick={() => void upload()}>
            Continue
          </UploadButton>
        </>
      }
    >
      <PlanDropZone fileName={state.file?.name ?? null} disabled={busy} onFile={selectFile} />
      {busy && (
        <Stack spacing={0.5}>
          <LinearProgress variant="determinate" value={state.progress} aria-label="Upload progress" />
          <Typography variant="caption">{PHASE_LABELS[state.phase]}</Typography>
        </Stack>
      )}
      <UploadErrorList errors={state.errors} />
      {state.systemResponse && (
        <Alert severity="error" role="status" aria-label="System Response">
          <Typography variant="subtitle2">System Response</Typography>
          {state.systemResponse}
        </Alert>
      )}
    </UploadDialog>
  );
}
