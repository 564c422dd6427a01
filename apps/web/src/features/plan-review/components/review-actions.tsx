import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StudyPlan } from '@predict/shared';
import { useNavigate } from 'react-router';
import type { ReadyPlanRoute } from '@/features/plan-editor/components/plan-route-gate';
import { planStepPath, studyPath } from '@/features/plan-editor/utils/plan-routes';
import { useRunSimulation } from '../hooks/use-run-simulation';

/**
 * The simulation screen (spec/1 route /simulation) is not in the app's router yet: until it is, nothing links
 * to it, and the buttons that only open it stay disabled with a note.
 */
export const SIMULATION_SCREEN_AVAILABLE = false;
export const SIMULATION_SCREEN_NOTE =
  'Simulation results can be viewed here once the simulation screen is available.';

/** The main button of review (spec/1 section 2): by status and role. */
export function mainButtonLabel(route: Pick<ReadyPlanRoute, 'readOnly' | 'editable'>) {
  if (route.readOnly) return 'View Simulation';
  return route.editable ? 'Finish & Run Simulation' : 'Finish & View Simulation';
}

export const simulationPath = (studyId: number, planId: number) =>
  `/ctpo/study-plans/${studyId}/${planId}/simulation`;

export function ReviewActions({
  route,
  plan,
  onViewDifferentCountry,
}: {
  route: ReadyPlanRoute;
  plan: StudyPlan;
  onViewDifferentCountry: (() => void) | null;
}) {
  const navigate = useNavigate();
  const { run, running } = useRunSimulation(plan);
  const runs = route.editable;
  const viewPath = SIMULATION_SCREEN_AVAILABLE
    ? `${simulationPath(route.studyId, plan.studyPlanId)}${route.readOnly ? '?type=view' : ''}`
    : null;
  const hasRun = plan.simOptRunId !== null;
  const mainDisabled = running || (!runs && viewPath === null);

  const main = () => {
    if (runs) void run();
    else if (viewPath) void navigate(viewPath);
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1}>
          <Button onClick={() => void navigate(studyPath(route.studyId))}>Back to Study Plan List</Button>
          {route.editable && <Button onClick={() => void navigate(studyPath(route.studyId))}>Cancel</Button>}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {onViewDifferentCountry && <Button onClick={onViewDifferentCountry}>View Different Country</Button>}
          {route.editable && (
            <Button onClick={() => void navigate(planStepPath(route.studyId, plan.studyPlanId, 2))}>
              Back
            </Button>
          )}
          {hasRun && viewPath && !route.readOnly && (
            <Button onClick={() => void navigate(viewPath)}>View Simulation</Button>
          )}
          <Button variant="contained" onClick={main} disabled={mainDisabled} loading={running}>
            {mainButtonLabel(route)}
          </Button>
        </Stack>
      </Stack>
      {!runs && viewPath === null && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, textAlign: 'right' }}>
          {SIMULATION_SCREEN_NOTE}
        </Typography>
      )}
    </Paper>
  );
}
