import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@predict/shared';
import { loginUrl } from '@/lib/api-client';

export const SIGN_IN_AGAIN_URL = loginUrl('/ctpo/study-plans/');

/** Where the server's sign-out ends. Needs no sign-in. */
export function GoodbyePage() {
  return (
    <Paper sx={{ p: 4, maxWidth: 480, mx: 'auto', mt: 6, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        You are Logged Out
      </Typography>
      <Typography sx={{ mb: 3 }}>Thank you for using {PRODUCT_NAME}</Typography>
      <Button variant="contained" onClick={() => window.location.assign(SIGN_IN_AGAIN_URL)}>
        Sign in
      </Button>
    </Paper>
  );
}
