import Grid from '@mui/material/Grid';
import { PRODUCT_NAME } from '@predict/shared';
import { LandingPanel } from '@/features/landing';
import { StudyList } from '@/features/studies';

/** /ctpo/study-plans/: the landing panel beside the study list. */
export function HomeRoute() {
  return (
    <Grid container spacing={2}>
      <title>{`Study Plans - ${PRODUCT_NAME}`}</title>
      {/* A fixed side panel: the study list's eleven columns get the rest of the width. */}
      <Grid size={{ xs: 12, lg: 'auto' }} sx={{ width: { lg: 280 } }}>
        <LandingPanel />
      </Grid>
      <Grid size={{ xs: 12, lg: 'grow' }} sx={{ minWidth: 0 }}>
        <StudyList />
      </Grid>
    </Grid>
  );
}
