import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EPRICE_MESSAGES, EPRICE_UPLOAD_TYPES, type EpriceUploadType } from '@predict/shared';
import { useId } from 'react';
import { UploadDialog } from '@/components/upload-dialog';
import { XlsxDropZone } from '@/components/xlsx-drop-zone';
import { UploadErrorList } from '@/components/upload-error-list';
import { useCurrentUser } from '@/features/auth';
import { useEpriceUpload, type EpriceStep } from '../hooks/use-eprice-upload';

const STEPS: { step: EpriceStep; label: string }[] = [
  { step: 'file', label: 'Choose file' },
  { step: 'target', label: 'Choose target' },
  { step: 'processing', label: 'Processing' },
  { step: 'complete', label: 'Complete' },
];

/** The three targets (spec/2 section 7, uploadType) as the user reads them. */
export const EPRICE_TARGET_LABELS: Record<EpriceUploadType, { title: string; detail: string }> = {
  BudgetVue: {
    title: 'BudgetVue',
    detail: 'Send the workbook to the BudgetVue budgeting system only; this SOE is not changed.',
  },
  Predict: {
    title: 'Predict',
    detail: "Apply the workbook's visit, assessment and site costs to this Schedule of Events.",
  },
  BudgetVue_Predict: {
    title: 'BudgetVue and Predict',
    detail: 'Both: send the workbook to BudgetVue and apply its costs to this Schedule of Events.',
  },
};

/** Under the optional page-numbers field while it is valid. */
export const PAGE_NUMBERS_HINT = 'Optional: the pdf pages to upload, comma-separated (for example 1, 3, 5).';

export const EPRICE_PROCESSING_TEXT =
  'Processing the ePrice workbook. Its status is checked every 10 seconds; this window closes when it is done.';

export interface UploadEpriceDialogProps {
  studyId: number;
  soeId: number;
  /** The editor's data already shows costs: the upload is blocked before sending (spec/2 section 5). */
  costsDetected: boolean;
  onClose: () => void;
  /** Closing after a successful upload: reload the editor (instead of onClose). */
  onUploaded: () => void;
}

/** Upload ePrice (spec/2 sections 2, 4, 5 and 8): choose file, choose target, processing, complete. */
export function UploadEpriceDialog(p: UploadEpriceDialogProps) {
  const titleId = useId();
  const { user } = useCurrentUser();
  const { state, selectFile, setTarget, setPageNumbers, pageNumbersError, next, back, upload, busy } =
    useEpriceUpload(p.studyId, p.soeId);
  const blocked = p.costsDetected || state.costRefused;
  // Once complete, every step shows done.
  const active = state.step === 'complete' ? STEPS.length : STEPS.findIndex((s) => s.step === state.step);
  // The reload starts a fresh editor (this dialog closes with it): it waits until the user has read the outcome.
  const finish = state.outcome === 'succeeded' ? p.onUploaded : p.onClose;

  return (
    <UploadDialog
      title="Upload ePrice"
      busy={busy}
      onClose={finish}
      actions={
        state.step === 'complete' ? (
          <Button variant="contained" onClick={finish} autoFocus>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={p.onClose} disabled={busy}>
              Cancel
            </Button>
            {state.step === 'target' && (
              <Button onClick={back} disabled={busy}>
                Back
              </Button>
            )}
            {state.step === 'file' && (
              <Button variant="contained" onClick={next} disabled={!state.file || blocked}>
                Next
              </Button>
            )}
            {state.step !== 'file' && (
              <Button
                variant="contained"
                onClick={() => void upload(user.username)}
                disabled={busy || blocked || pageNumbersError !== null}
                loading={busy}
              >
                Upload
              </Button>
            )}
          </>
        )
      }
    >
      <Stepper activeStep={active} alternativeLabel>
        {STEPS.map((s) => (
          <Step key={s.step} completed={active > STEPS.indexOf(s)}>
            <StepLabel>{s.label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {blocked && (
        <Alert severity="warning" role="alert">
          {EPRICE_MESSAGES.costDetected}
        </Alert>
      )}
      {state.error && !state.costRefused && (
        <Alert severity="error" role="alert">
          {state.error}
        </Alert>
      )}
      <UploadErrorList errors={state.errors} />
      {state.step === 'file' && (
        <XlsxDropZone
          what="the ePrice workbook"
          fileName={state.file?.name ?? null}
          disabled={blocked}
          onFile={selectFile}
        />
      )}
      {state.step === 'target' && (
        <FormControl disabled={state.sending}>
          <FormLabel id={`${titleId}-target`}>Where should {state.file?.name} go?</FormLabel>
          <RadioGroup
            aria-labelledby={`${titleId}-target`}
            value={state.target}
            onChange={(e) => setTarget(e.target.value as EpriceUploadType)}
          >
            {EPRICE_UPLOAD_TYPES.map((t) => (
              <FormControlLabel
                key={t}
                value={t}
                control={<Radio />}
                label={
                  <span>
                    <strong>{EPRICE_TARGET_LABELS[t].title}</strong> - {EPRICE_TARGET_LABELS[t].detail}
                  </span>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {state.step === 'target' && (
        <TextField
          label="Page numbers"
          value={state.pageNumbers}
          onChange={(e) => setPageNumbers(e.target.value)}
          disabled={state.sending}
          error={pageNumbersError !== null}
          helperText={pageNumbersError ?? PAGE_NUMBERS_HINT}
          size="small"
        />
      )}
      {(state.sending || state.step === 'processing') && (
        <Stack spacing={1} role="status">
          <LinearProgress aria-label="Processing the upload" />
          <Typography variant="body2">{EPRICE_PROCESSING_TEXT}</Typography>
        </Stack>
      )}
      {state.step === 'complete' && (
        <Alert severity={state.outcome === 'succeeded' ? 'success' : 'error'} role="status">
          <Typography>
            {state.outcome === 'succeeded' ? EPRICE_MESSAGES.statusSucceeded : EPRICE_MESSAGES.statusFailed}
          </Typography>
          {state.statusText && (
            <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
              {state.statusText}
            </Typography>
          )}
        </Alert>
      )}
    </UploadDialog>
  );
}
