import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isNewPlanId } from '@predict/shared';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useCurrentUser } from '@/features/auth';
import { usePlan, planStepPath, studyPath } from '@/features/plan-shell';
import { parseStudyId } from '@/features/study';
import { isApiError } from '@/lib/api-client';
import { useSimulationStatus } from '../hooks/use-simulation-status';
import { simulationPhase } from '../utils/simulation-status';
import { SimulationHeader } from './simulation-header';
import { SimulationResults } from './simulation-results';
import { SimulationFailedView, SimulationStatusView } from './simulation-status-view';

const parsePlanId = (param: string | undefined) => {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
};

function Problem({ message, studyId, onRetry }: { message: string; studyId: number; onRetry?: () => void }) {
  return (
    <Paper sx={{ p: 3 }}>
      {onRetry ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          {message}
        </Alert>
      ) : (
        <Typography variant="h6" component="h1" gutterBottom>
          {message}
        </Typography>
      )}
      <Link component={RouterLink} to={studyPath(studyId)} sx={{ display: 'inline-block', mt: 1 }}>
        Back to Study Plan List
      </Link>
    </Paper>
  );
}

/**
 * /ctpo/study-plans/{id}/{planId}/simulation (spec/1 sections 2 and 4): the run's status while it is pending
 * (polled every 15 s), 'Simulation failed.' with Back to Review Page, or the results. View mode (type=view, forced
 * for read-only users) reads the status once and never polls.
 */
export function SimulationPage({ studyParam, planParam }: { studyParam?: string; planParam?: string }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { roles } = useCurrentUser();
  const studyId = parseStudyId(studyParam);
  const planId = parsePlanId(planParam);
  const viewMode = roles.readOnly || search.get('type') === 'view';
  const plan = usePlan(planId);
  const status = useSimulationStatus(planId, { poll: !viewMode });

  if (studyId === null) return <Navigate to="/ctpo/study-plans/" replace />;
  // Without a saved plan id there is no run to show: back to the plan (spec/1 section 4).
  if (planId === null) {
    const to = planParam && isNewPlanId(planParam) ? planStepPath(studyId, planParam, 1) : studyPath(studyId);
    return <Navigate to={to} replace />;
  }
  // Read-only users only ever view a run (spec/1 section 6); the address says so.
  if (roles.readOnly && search.get('type') !== 'view') return <Navigate to="?type=view" replace />;

  if ((isApiError(plan.error) && plan.error.status === 404) || (plan.data && plan.data.studyId !== studyId)) {
    return <Problem message="Study plan not found." studyId={studyId} />;
  }
  if (plan.isError) {
    return (
      <Problem
        message="The study plan could not be loaded."
        studyId={studyId}
        onRetry={() => void plan.refetch()}
      />
    );
  }
  if (!plan.data) return <PageSpinner label="Loading study plan" />;

  const body = () => {
    if (status.data === undefined) {
      if (status.isError) {
        return (
          <Problem
            message="The simulation status could not be loaded."
            studyId={studyId}
            onRetry={() => void status.refetch()}
          />
        );
      }
      return <PageSpinner label="Loading simulation status" />;
    }
    const phase = simulationPhase(status.data);
    if (phase === 'failed') {
      return (
        <SimulationFailedView
          status={status.data}
          onBackToReview={() => void navigate(planStepPath(studyId, planId, 3))}
        />
      );
    }
    if (phase === 'pending') {
      return (
        <SimulationStatusView
          status={status.data}
          polling={!viewMode}
          onRefresh={() => void status.refetch()}
        />
      );
    }
    // key: a new run starts its results afresh.
    return (
      <SimulationResults key={status.data.simOptRunId} plan={plan.data!} runId={status.data.simOptRunId} />
    );
  };

  return (
    <Stack spacing={2}>
      <SimulationHeader plan={plan.data} readOnly={roles.readOnly} />
      {body()}
    </Stack>
  );
}
