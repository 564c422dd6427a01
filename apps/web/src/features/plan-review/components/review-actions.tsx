import Button from '@mui/material/Button';
import { isRunnablePlan, type StudyPlan } from '@predict/shared';
import { useNavigate } from 'react-router';
import { type ReadyPlanRoute, PlanStepActions, planStepPath, studyPath } from '@/features/plan-shell';
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
    <PlanStepActions
      rowFrom="md"
      onBackToList={() => void navigate(studyPath(route.studyId))}
      start={
        <>
          <PlanSpreadsheetActions />
          {route.editable && <Button onClick={() => void navigate(studyPath(route.studyId))}>Cancel</Button>}
        </>
      }
      wrapEnd
      endStart={
        onViewDifferentCountry && <Button onClick={onViewDifferentCountry}>View Different Country</Button>
      }
      onBack={
        route.editable ? () => void navigate(planStepPath(route.studyId, plan.studyPlanId, 2)) : undefined
      }
    >
      {hasRun && !route.readOnly && <Button onClick={() => void navigate(viewPath)}>View Simulation</Button>}
      <Button variant="contained" onClick={main} disabled={running} loading={running}>
        {mainButtonLabel(route, runs)}
      </Button>
    </PlanStepActions>
  );
}
