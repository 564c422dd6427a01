import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@predict/shared';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useCurrentStudy } from '@/features/current-study';
import { LandingPanel } from '@/features/landing';
import { StudyPlansTable } from '@/features/plans';
import { StudySoeTable } from '@/features/soe';
import { StudyActualsPanel } from '@/features/study-actuals';
import { useStudy } from '@/features/studies';
import { isApiError } from '@/lib/api-client';
import { StudyDetailsPanel } from './study-details-panel';
import { StudyHeader } from './study-header';

/** A study id from the address, or null when it cannot be one. */
export function parseStudyId(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function StudyNotFound() {
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Study not found.
      </Typography>
      <Link component={RouterLink} to="/ctpo/study-plans/">
        Back to the study list
      </Link>
    </Paper>
  );
}

/**
 * One study: header, then on study-plans the details, the plans table, the Schedules of Events table and the landing
 * panel; on study-actuals the actuals table and the landing panel.
 */
export function StudyPage({
  studyIdParam,
  section,
}: {
  studyIdParam: string | undefined;
  section: 'study-plans' | 'study-actuals';
}) {
  const studyId = parseStudyId(studyIdParam);
  const study = useStudy(studyId);
  const notFound = studyId === null || (isApiError(study.error) && study.error.status === 404);
  const { studyId: currentStudyId, setStudyId } = useCurrentStudy();

  useEffect(() => {
    // Do not keep pointing the top bar tabs at a study that does not exist.
    if (notFound && studyId !== null && currentStudyId === studyId) setStudyId(null);
  }, [notFound, studyId, currentStudyId, setStudyId]);

  if (notFound) return <StudyNotFound />;
  if (study.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void study.refetch()}>
            Retry
          </Button>
        }
      >
        The study could not be loaded.
      </Alert>
    );
  }
  if (!study.data) return <PageSpinner label="Loading study" />;

  const data = study.data;
  return (
    <Stack spacing={2}>
      <title>{`${data.projectId} - ${PRODUCT_NAME}`}</title>
      <StudyHeader study={data} />
      {section === 'study-plans' ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4, lg: 3 }}>
            <StudyDetailsPanel study={data} />
          </Grid>
          <Grid size={{ xs: 12, md: 8, lg: 9 }}>
            <Stack spacing={2}>
              <StudyPlansTable study={data} />
              <StudySoeTable studyId={data.studyId} />
              <LandingPanel layout="row" />
            </Stack>
          </Grid>
        </Grid>
      ) : (
        <>
          <StudyActualsPanel studyId={data.studyId} projectId={data.projectId} />
          <LandingPanel layout="row" />
        </>
      )}
    </Stack>
  );
}
