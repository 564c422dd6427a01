import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { usePlanRoute, type PlanRouteState } from '../hooks/use-plan-route';
import { planStepPath, studyPath } from '../utils/plan-routes';

export type ReadyPlanRoute = Extract<PlanRouteState, { status: 'ready' }>;

function NotFound({ message, studyId }: { message: string; studyId?: number }) {
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        {message}
      </Typography>
      <Link component={RouterLink} to={studyId ? studyPath(studyId) : '/ctpo/study-plans/'}>
        {studyId ? 'Back to Study Plan List' : 'Back to the study list'}
      </Link>
    </Paper>
  );
}

/**
 * Loads the plan of a step route and sends users where they may be: editing steps (1 and 2) are for users who may
 * edit the plan, everyone else lands on review (spec/1 section 6); a new plan has no review yet.
 */
export function PlanRouteGate({
  editing,
  needsSavedPlan = false,
  children,
}: {
  /** Step 1 or 2: only for users who may edit the plan. */
  editing: boolean;
  /** Steps 2 and 3 need a saved plan. */
  needsSavedPlan?: boolean;
  children: (route: ReadyPlanRoute) => ReactNode;
}) {
  const route = usePlanRoute();
  const { search } = useLocation();
  if (route.status === 'loading') return <PageSpinner label="Loading study plan" />;
  if (route.status === 'not-found') return <NotFound message="Study plan not found." />;
  if (route.status === 'bad-kind') {
    return <NotFound message="Choose the kind of the new plan on the study page." studyId={route.studyId} />;
  }
  if (route.status === 'error') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={route.retry}>
            Retry
          </Button>
        }
      >
        The study plan could not be loaded.
      </Alert>
    );
  }
  if (route.isNew && route.readOnly) return <Navigate to={studyPath(route.studyId)} replace />;
  if (route.isNew && needsSavedPlan) {
    return <Navigate to={planStepPath(route.studyId, route.planParam, 1, search)} replace />;
  }
  if (editing && !route.editable) {
    return <Navigate to={planStepPath(route.studyId, route.planParam, 3)} replace />;
  }
  return <>{children(route)}</>;
}
