import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@predict/shared';

/** /ctpo/admin-data/ and /ctpo/admin-data/:siteGroupId: not built in this version. */
export function AdminDataRoute() {
  return (
    <Paper sx={{ p: 3 }}>
      <title>{`Admin Data - ${PRODUCT_NAME}`}</title>
      <Typography variant="h5" component="h1" gutterBottom>
        Admin Data
      </Typography>
      <Typography>This screen is not available in this version.</Typography>
    </Paper>
  );
}
