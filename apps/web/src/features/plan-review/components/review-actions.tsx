import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { isRunnablePlan, type StudyPlan } from '@predict/shared';
import { useNavigate } from 'react-router';
import { type ReadyPlanRoute, planStepPath, studyPath } from '@/features/plan-shell';
import { PlanSpreadsheetActions } from '@/features/plan-spreadsheet';
import { useRunSimulation } from '../hooks/use-run-simulation';

/** The main button of review (spec/1 section 2): by status (runnable = a draft) and role. */
export function mainButtonLabel(route: Pick<ReadyPlanRoute, 'readOnly'>, runnable: boolean) {
  if (route.readOnly) return 'View Simulation';
  return runnable ? 'Finish & Run Simulation' : 'Finish & View Simulation';
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
  // Draft plans, and Draft-Combo combinations (which have no editable steps), are run from here.
  const runs = !route.readOnly && isRunnablePlan(plan);
  const viewPath = `${simulationPath(route.studyId, plan.studyPlanId)}${route.readOnly ? '?type=view' : ''}`;
  const hasRun = plan.simOptRunId !== null;

  const main = () => {
    // Finish & Run Simulation opens the simulation screen once the run is recorded (spec/1 section 4).
    if (runs) {
      void run().then((requested) => {
        if (requested) void navigate(viewPath);
      });
    } else void navigate(viewPath);
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1}>
          <Button onClick={() => void navigate(studyPath(route.studyId))}>Back to Study Plan List</Button>
          <PlanSpreadsheetActions />
          {route.editable && <Button onClick={() => void navigate(studyPath(route.studyId))}>Cancel</Button>}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {onViewDifferentCountry && <Button onClick={onViewDifferentCountry}>View Different Country</Button>}
          {route.editable && (
            <Button onClick={() => void navigate(planStepPath(route.studyId, plan.studyPlanId, 2))}>
              Back
            </Button>
          )}
          {hasRun && !route.readOnly && (
            <Button onClick={() => void navigate(viewPath)}>View Simulation</Button>
          )}
          <Button variant="contained" onClick={main} disabled={running} loading={running}>
            {mainButtonLabel(route, runs)}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
