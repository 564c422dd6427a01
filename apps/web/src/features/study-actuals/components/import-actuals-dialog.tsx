import { UploadErrorList } from '@/components/upload-error-list';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CTMS_TEMPLATE_PATH } from '@predict/shared';
import { useExtractUpload } from '../hooks/use-extract-upload';
import { ExtractFilePicker } from './extract-file-picker';

/**
 * Upload CTMS Extract: choose the study's extract (.xlsx in the documented template), upload it; the server checks
 * it and applies it all or nothing. Each error is listed as 'Sheet!A1 message'; on success the actuals are
 * recomputed from it.
 */
export function ImportActualsDialog({
  studyId,
  open,
  recompute,
  onClose,
}: {
  studyId: number;
  open: boolean;
  /** What the recompute (loadactuals) that opened the dialog answered, shown above the upload. */
  recompute: { pending: boolean; error: string | null; idle: boolean };
  onClose: () => void;
}) {
  const { state, selectFile, upload, reset, busy } = useExtractUpload(studyId);
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="import-actuals-title">
      <DialogTitle id="import-actuals-title">Import Actuals</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {recompute.idle ? null : recompute.pending ? (
            <Typography variant="body2">Recomputing the actuals from the latest CTMS extract...</Typography>
          ) : recompute.error ? (
            <Alert severity="error">{recompute.error}</Alert>
          ) : (
            <Alert severity="success">The actuals were recomputed from the latest CTMS extract.</Alert>
          )}
          <Typography variant="subtitle2" component="h3">
            Upload a new CTMS extract
          </Typography>
          <Typography variant="body2" color="text.secondary">
            A workbook with the sheets Sites and Site Months, as in the{' '}
            <Link href={CTMS_TEMPLATE_PATH} download>
              CTMS extract template
            </Link>
            . It replaces the study&apos;s extract only if every row is valid.
          </Typography>
          <ExtractFilePicker fileName={state.file?.name ?? null} disabled={busy} onFile={selectFile} />
          {busy && <LinearProgress aria-label="Upload progress" />}
          {state.phase === 'done' && (
            <Alert severity="success" role="status">
              The CTMS extract was uploaded and the actuals recomputed.
            </Alert>
          )}
          <UploadErrorList errors={state.errors} />
          {state.failure && <Alert severity="error">{state.failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Close
        </Button>
        <Button
          variant="contained"
          onClick={() => void upload()}
          disabled={!state.file || busy}
          loading={busy}
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
