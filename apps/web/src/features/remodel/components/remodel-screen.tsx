import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { useStudyPlans } from '@/features/plans';
import { PageSpinner } from '@/components/page-spinner';
import { LoadErrorAlert } from '@/components/load-state';
import { remodelFormQueryOptions } from '../api/remodel-api';
import { RemodelForm } from './remodel-form';

/**
 * /ctpo/study-actuals/{id}/remodel: loads the form data and the study's plan names (for the unique-name rule);
 * read-only users go back to the actuals page (spec/3 route table).
 */
export function RemodelScreen({ studyId }: { studyId: number }) {
  const { roles } = useCurrentUser();
  if (roles.readOnly) return <Navigate to={`/ctpo/study-actuals/${studyId}`} replace />;
  return <RemodelLoader studyId={studyId} />;
}

function RemodelLoader({ studyId }: { studyId: number }) {
  const form = useQuery(remodelFormQueryOptions(studyId));
  const plans = useStudyPlans(studyId);
  return (
    <Box sx={{ maxWidth: 1240, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Remodel
      </Typography>
      {form.isPending || plans.isPending ? (
        <PageSpinner />
      ) : form.isError ? (
        <>
          <LoadErrorAlert message={form.error.message} onRetry={() => void form.refetch()} />
          <Button component={RouterLink} to={`/ctpo/study-actuals/${studyId}`}>
            Back to Study Actuals
          </Button>
        </>
      ) : (
        <>
          {plans.isError && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              The study's plans could not be loaded; the server still checks that the name is unique.
            </Alert>
          )}
          <RemodelForm
            studyId={studyId}
            data={form.data}
            existingPlanNames={(plans.data ?? []).map((p) => p.studyPlanName)}
          />
        </>
      )}
    </Box>
  );
}
