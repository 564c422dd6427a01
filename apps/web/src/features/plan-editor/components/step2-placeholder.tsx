import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { planStepPath, studyPath } from '../utils/plan-routes';
import type { ReadyPlanRoute } from './plan-route-gate';
import { PlanStepHeader } from './plan-step-header';

/**
 * Step 2, Countries & Site Groups. Countries are added by a later issue; until then the step shows that the plan
 * has none and only moves between steps: there is nothing here to save.
 */
export function Step2Placeholder({ route }: { route: ReadyPlanRoute }) {
  const navigate = useNavigate();
  const plan = route.plan!;
  return (
    <Stack spacing={2}>
      <PlanStepHeader
        studyId={route.studyId}
        planId={plan.studyPlanId}
        active={2}
        disabled={route.readOnly}
        details={{
          name: plan.studyPlanName,
          description: plan.studyPlanDescr,
          croStart: plan.croProjectStartDateMillis,
          protocol: plan.finalProtocolStartDateMillis,
        }}
      />
      <Paper component="section" aria-labelledby="countries-title" sx={{ p: 3 }}>
        <Typography id="countries-title" variant="h6" component="h2" gutterBottom>
          Countries & Site Groups
        </Typography>
        <Typography color="text.secondary">No countries have been added to this plan yet.</Typography>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={() => void navigate(studyPath(route.studyId))}>Back to Study Plan List</Button>
          <Stack direction="row" spacing={1}>
            <Button onClick={() => void navigate(planStepPath(route.studyId, plan.studyPlanId, 1))}>
              Back
            </Button>
            <Button
              variant="contained"
              onClick={() => void navigate(planStepPath(route.studyId, plan.studyPlanId, 3))}
            >
              Next Step
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
