import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { UploadErrorList } from '@/components/upload-error-list';
import type { UploadBase } from '../hooks/use-upload-state';

/** How an upload failed: its headline and detail, then the 'Errors Found:' list (spec/2 section 8). */
export function UploadFailure({ state, errorsTitle }: { state: UploadBase; errorsTitle: string }) {
  return (
    <>
      {state.failure && (
        <Alert severity="error" role="alert">
          <Typography>{state.failure}</Typography>
          {state.detail && <Typography variant="body2">{state.detail}</Typography>}
        </Alert>
      )}
      <UploadErrorList title={errorsTitle} errors={state.errors} />
    </>
  );
}
