import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SimulationStatus } from '@predict/shared';
import { statusText } from '../utils/simulation-status';

function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line, i) => (
        <Typography key={i} color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
          {line}
        </Typography>
      ))}
    </>
  );
}

/**
 * A run that has not finished (spec/1 section 4 texts). While polling, the page reads the status again every
 * 15 s; in view mode it is not polled, so the user can read it again by hand.
 */
export function SimulationStatusView({
  status,
  polling,
  onRefresh,
}: {
  status: SimulationStatus;
  polling: boolean;
  onRefresh: () => void;
}) {
  const { title, lines } = statusText(status);
  return (
    <Paper sx={{ p: 4 }} role="status" aria-live="polite">
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
        {polling && status.simOptRunStatus !== 'NOT_STARTED' && (
          <CircularProgress aria-label="Simulation progress" />
        )}
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Lines lines={lines} />
        {!polling && (
          <Button onClick={onRefresh} sx={{ mt: 1 }}>
            Refresh Status
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** A failed run: 'Simulation failed.' (INTERNAL_ERROR: status, message, detail) and Back to Review Page. */
export function SimulationFailedView({
  status,
  onBackToReview,
}: {
  status: SimulationStatus;
  onBackToReview: () => void;
}) {
  const { title, lines } = statusText(status);
  return (
    <Paper sx={{ p: 4 }} role="alert">
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <ErrorOutlineIcon color="error" fontSize="large" />
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Lines lines={lines} />
        <Button variant="contained" onClick={onBackToReview} sx={{ mt: 1 }}>
          Back to Review Page
        </Button>
      </Stack>
    </Paper>
  );
}
