import Grid from '@mui/material/Grid';
import { PRODUCT_NAME } from '@predict/shared';
import { LandingPanel } from '@/features/landing';
import { StudyList } from '@/features/studies';

/** /ctpo/study-plans/: the landing panel beside the study list. */
export function HomeRoute() {
  return (
    <Grid container spacing={2}>
      <title>{`Study Plans - ${PRODUCT_NAME}`}</title>
      <Grid size={{ xs: 12, lg: 3 }}>
        <LandingPanel />
      </Grid>
      <Grid size={{ xs: 12, lg: 9 }}>
        <StudyList />
      </Grid>
    </Grid>
  );
}
