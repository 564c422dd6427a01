import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@predict/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { healthQueryOptions } from '../api/health';

/** Shown when the start-up health check fails; 'Try again' checks again and goes home on success. */
export function NetworkIssuesPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);

  const tryAgain = async () => {
    setChecking(true);
    setStillDown(false);
    try {
      // Through the shared cache, so that the signed-in shell sees the new answer.
      await queryClient.fetchQuery({ ...healthQueryOptions, staleTime: 0 });
      await navigate('/ctpo/study-plans/', { replace: true });
    } catch {
      setStillDown(true);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper sx={{ p: 4, maxWidth: 560, mx: 'auto', mt: 6 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Network Issues
      </Typography>
      <Typography sx={{ mb: 3 }}>
        {PRODUCT_NAME} cannot reach its server at the moment. Please check your network connection and try
        again.
      </Typography>
      {stillDown && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The server is still not reachable.
        </Alert>
      )}
      <Button variant="contained" onClick={() => void tryAgain()} disabled={checking}>
        Try again
      </Button>
    </Paper>
  );
}
