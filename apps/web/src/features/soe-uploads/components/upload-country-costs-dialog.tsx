import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COUNTRY_COST_MESSAGES as M } from '@predict/shared';
import { UploadButton, UploadDialog } from '@/components/upload-dialog';
import { XlsxDropZone } from '@/components/xlsx-drop-zone';
import { useCountryCostsUpload, type CountryCostsTarget } from '../hooks/use-country-costs-upload';
import { UploadFailure } from './upload-failure';

export const COUNTRY_COSTS_HELP =
  "Every sheet is one country, named by the sheet: the country's name as in this SOE or its ISO3 code (USA covers " +
  'both US groups). Assessment names in column G, costs in column H, rows 1 to 1000.';

const PHASE_TEXT = { reading: 'Reading the file...', sending: 'Uploading the country costs...' } as const;

export interface UploadCountryCostsDialogProps extends CountryCostsTarget {
  onClose: () => void;
  /** Closing after a successful upload: reload the editor (instead of onClose). */
  onUploaded: () => void;
}

/** UPLOAD COUNTRY COSTS (spec/2 sections 2, 5 and 8). */
export function UploadCountryCostsDialog({ onClose, onUploaded, ...target }: UploadCountryCostsDialogProps) {
  const { state, selectFile, upload, busy } = useCountryCostsUpload(target);
  const done = state.phase === 'uploaded';
  // The reload starts a fresh editor (closing this dialog): it waits until the user has read the outcome.
  const finish = done ? onUploaded : onClose;
  return (
    <UploadDialog
      title="Upload Country Costs"
      help={COUNTRY_COSTS_HELP}
      busy={busy}
      onClose={finish}
      actions={
        <>
          <Button onClick={finish} disabled={busy} variant={done ? 'contained' : 'text'}>
            {done ? 'Close' : 'Cancel'}
          </Button>
          {!done && <UploadButton ready={!!state.file} busy={busy} onClick={() => void upload()} />}
        </>
      }
    >
      <XlsxDropZone
        what="the country costs workbook"
        fileName={state.file?.name ?? null}
        disabled={busy || done}
        onFile={selectFile}
      />
      {busy && (
        <Stack spacing={0.5} role="status">
          <LinearProgress aria-label="Upload progress" />
          <Typography variant="caption">{PHASE_TEXT[state.phase as keyof typeof PHASE_TEXT]}</Typography>
        </Stack>
      )}
      {done && (
        <Alert severity="success" role="status">
          {M.uploaded}
        </Alert>
      )}
      <UploadFailure state={state} errorsTitle={M.errorsFound} />
    </UploadDialog>
  );
}
