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
import { UploadButton, UploadDialog } from '@/components/upload-dialog';
import { XlsxDropZone } from '@/components/xlsx-drop-zone';
import { UploadErrorList } from '@/components/upload-error-list';
import { useCurrentUser } from '@/features/auth';
import { useEpriceUpload, type EpriceStep, type EpriceUploadState } from '../hooks/use-eprice-upload';

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
  const { user } = useCurrentUser();
  const upload = useEpriceUpload(p.studyId, p.soeId);
  const { state, selectFile, busy } = upload;
  const blocked = p.costsDetected || state.costRefused;
  // The reload starts a fresh editor (this dialog closes with it): it waits until the user has read the outcome.
  const finish = state.outcome === 'succeeded' ? p.onUploaded : p.onClose;

  return (
    <UploadDialog
      title="Upload ePrice"
      busy={busy}
      onClose={finish}
      actions={
        <EpriceActions
          upload={upload}
          blocked={blocked}
          onCancel={p.onClose}
          onFinish={finish}
          onUpload={() => void upload.upload(user.username)}
        />
      }
    >
      <EpriceStepper step={state.step} />
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
      {state.step === 'target' && <EpriceTargetFields upload={upload} />}
      {(state.sending || state.step === 'processing') && (
        <Stack spacing={1} role="status">
          <LinearProgress aria-label="Processing the upload" />
          <Typography variant="body2">{EPRICE_PROCESSING_TEXT}</Typography>
        </Stack>
      )}
      {state.step === 'complete' && <EpriceOutcome state={state} />}
    </UploadDialog>
  );
}

type EpriceUpload = ReturnType<typeof useEpriceUpload>;

/** The four steps; once complete, every step shows done. */
function EpriceStepper({ step }: { step: EpriceStep }) {
  const active = step === 'complete' ? STEPS.length : STEPS.findIndex((s) => s.step === step);
  return (
    <Stepper activeStep={active} alternativeLabel>
      {STEPS.map((s) => (
        <Step key={s.step} completed={active > STEPS.indexOf(s)}>
          <StepLabel>{s.label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

/** Cancel, Back, Next and Upload by step; only Close once complete. */
function EpriceActions({
  upload: { state, next, back, busy, pageNumbersError },
  blocked,
  onCancel,
  onFinish,
  onUpload,
}: {
  upload: EpriceUpload;
  blocked: boolean;
  onCancel: () => void;
  onFinish: () => void;
  onUpload: () => void;
}) {
  if (state.step === 'complete') {
    return (
      <Button variant="contained" onClick={onFinish} autoFocus>
        Close
      </Button>
    );
  }
  return (
    <>
      <Button onClick={onCancel} disabled={busy}>
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
        <UploadButton ready={!blocked && pageNumbersError === null} busy={busy} onClick={onUpload} />
      )}
    </>
  );
}

/** The target step: where the workbook goes, and the optional pdf page numbers. */
function EpriceTargetFields({
  upload: { state, setTarget, setPageNumbers, pageNumbersError },
}: {
  upload: EpriceUpload;
}) {
  const labelId = useId();
  return (
    <>
      <FormControl disabled={state.sending}>
        <FormLabel id={labelId}>Where should {state.file?.name} go?</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
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
      <TextField
        label="Page numbers"
        value={state.pageNumbers}
        onChange={(e) => setPageNumbers(e.target.value)}
        disabled={state.sending}
        error={pageNumbersError !== null}
        helperText={pageNumbersError ?? PAGE_NUMBERS_HINT}
        size="small"
      />
    </>
  );
}

/** How the processing ended, with the SOE's uploadStatus text. */
function EpriceOutcome({ state }: { state: EpriceUploadState }) {
  const succeeded = state.outcome === 'succeeded';
  return (
    <Alert severity={succeeded ? 'success' : 'error'} role="status">
      <Typography>{succeeded ? EPRICE_MESSAGES.statusSucceeded : EPRICE_MESSAGES.statusFailed}</Typography>
      {state.statusText && (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {state.statusText}
        </Typography>
      )}
    </Alert>
  );
}
