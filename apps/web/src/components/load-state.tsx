import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';

/** A failed load with a Retry button; the tables of the app share it. */
export function LoadErrorAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 1 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** A thin progress bar while data loads; its slot keeps its height so the table does not jump. */
export function FetchingBar({ active, label }: { active: boolean; label: string }) {
  return <Box sx={{ height: 4 }}>{active && <LinearProgress aria-label={label} />}</Box>;
}
