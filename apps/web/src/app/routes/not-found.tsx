import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export function NotFoundRoute() {
  return (
    <Paper sx={{ p: 4, maxWidth: 560, mx: 'auto', mt: 6 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography sx={{ mb: 2 }}>There is no page at this address.</Typography>
      <Link component={RouterLink} to="/ctpo/study-plans/">
        Go to the study list
      </Link>
    </Paper>
  );
}
