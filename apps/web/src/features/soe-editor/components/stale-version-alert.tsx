import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { SOE_MESSAGES } from '@predict/shared';

/** A save met a newer version of the SOE (409): only a reload, losing the edits, can go on. */
export function StaleVersionAlert({ onReload }: { onReload: () => Promise<void> }) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 1 }}
      action={
        <Button color="inherit" onClick={() => void onReload()}>
          Reload
        </Button>
      }
    >
      {SOE_MESSAGES.staleVersion}
    </Alert>
  );
}
