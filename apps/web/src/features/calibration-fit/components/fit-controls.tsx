import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { CalibrationFitStatus } from '@predict/shared';
import { formatPercent } from '@/lib/format';

export const FIT_BUTTON = 'Fit from completed studies';
export const approveLabel = (n: number) => `Approve as version ${n}`;

/** The fit button with the running fit's progress (step and share) or its failure. */
export function FitControls({
  fit,
  starting,
  startError,
  onStart,
}: {
  fit: CalibrationFitStatus | undefined;
  starting: boolean;
  startError: string | null;
  onStart: () => void;
}) {
  const busy = starting || fit?.status === 'queued' || fit?.status === 'running';
  return (
    <Box sx={{ mb: 2 }}>
      <Button variant="contained" disabled={busy} onClick={onStart}>
        {FIT_BUTTON}
      </Button>
      {startError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {startError}
        </Alert>
      )}
      {fit && busy && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={Math.round(fit.progress * 100)}
            aria-label="Fit progress"
          />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {fit.status === 'queued' ? 'Queued' : fit.step} ({formatPercent(fit.progress)})
          </Typography>
        </Box>
      )}
      {fit?.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          The fit failed: {fit.message}
        </Alert>
      )}
      {fit?.status === 'done' && fit.version && (
        <Alert severity="success" sx={{ mt: 1 }}>
          Fitted version {fit.version.version} from {fit.version.studyIds.length} completed studies.
        </Alert>
      )}
    </Box>
  );
}

/** "Approve as version N" with its confirmation dialog. */
export function ApproveButton({
  version,
  pending,
  error,
  onApprove,
}: {
  version: number;
  pending: boolean;
  error: string | null;
  onApprove: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" disabled={pending} onClick={() => setOpen(true)}>
        {approveLabel(version)}
      </Button>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="approve-calibration-title">
        <DialogTitle id="approve-calibration-title">{approveLabel(version)}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            New simulation runs of plans that do not pin their settings will use version {version}'s fitted
            settings; the version approved now is superseded. Finished runs keep the settings they used.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            onClick={() => {
              setOpen(false);
              onApprove();
            }}
          >
            Approve
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
