import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** After a 409 on save: the server's message, and a reload that starts over from what is saved now. */
export function ConflictAlert({ conflict, onReload }: { conflict: string | null; onReload: () => void }) {
  if (!conflict) return null;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          Reload
        </Button>
      }
    >
      {conflict}
    </Alert>
  );
}

/** The shared rules' warnings: they never block a save, so they show apart from the fields' messages. */
export function PlanWarnings({ warnings }: { warnings: readonly string[] }) {
  return warnings.map((w) => (
    <Alert key={w} severity="warning">
      {w}
    </Alert>
  ));
}
