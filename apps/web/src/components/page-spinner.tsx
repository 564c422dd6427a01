import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centered spinner for whole-page waits (sign-in, loading a screen). */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
