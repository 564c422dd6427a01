import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export const RESULTS_LOAD_FAILED_TEXT = 'Some simulation results could not be loaded.'; // ours

/**
 * The progress of the result sets (spec/1 section 4: the share of 13 or 20 loaded). A failed set stops the bar;
 * the spec only logs the failure, so the user gets a way to resume rather than a bar that never moves.
 */
export function ResultsLoading({
  loaded,
  total,
  failed,
  onRetry,
}: {
  loaded: number;
  total: number;
  failed: boolean;
  onRetry: () => void;
}) {
  const label = `Loading simulation results: ${loaded} of ${total}`;
  return (
    <Paper sx={{ p: 4 }}>
      <Stack spacing={1}>
        <Typography id="results-progress-label">{label}</Typography>
        <LinearProgress
          variant="determinate"
          value={total === 0 ? 0 : (loaded / total) * 100}
          aria-labelledby="results-progress-label"
          color={failed ? 'error' : 'primary'}
        />
        {failed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                Retry
              </Button>
            }
          >
            {RESULTS_LOAD_FAILED_TEXT}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
