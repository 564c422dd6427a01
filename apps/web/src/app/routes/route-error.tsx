import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** Last resort for errors thrown while rendering a screen (including a screen's code failing to load). */
export function RouteErrorRoute() {
  const error = useRouteError();
  useEffect(() => {
    console.error('A screen failed.', error);
  }, [error]);
  return (
    <Paper sx={{ p: 4, maxWidth: 560, mx: 'auto', mt: 6 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography sx={{ mb: 2 }}>
        This screen could not be shown. Reloading the page usually helps.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Paper>
  );
}
