import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { planTypeLabel, type StudyPlan } from '@predict/shared';
import { useNavigate } from 'react-router';
import { millisToDay, planFormFromPlan, planKindOf } from '../utils/plan-form-model';
import { planStepPath, studyPath } from '../utils/plan-routes';
import type { ReadyPlanRoute } from './plan-route-gate';
import { PlanStepHeader } from './plan-step-header';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Plan dates read DD-Mon-YYYY (spec/1 section 9), on their UTC day. */
function planDate(millis: number | null) {
  const day = millisToDay(millis);
  if (!day) return '—';
  const [y, m, d] = day.split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}

function rows(plan: StudyPlan): [string, string][] {
  const f = planFormFromPlan(plan);
  const v = (s: string) => (s === '' ? '—' : s);
  const { scenario, sequential } = planKindOf(plan);
  const rates = scenario === 'scenario-a';
  const sites = f.parameters.SITES_TO_ACTIVATE;
  return [
    ['Study Plan Name', plan.studyPlanName],
    ['Description', plan.studyPlanDescr],
    ['Type', `${planTypeLabel(plan.studyPlanType)} (${plan.studyPlanTypeDetail})`],
    ['Status', plan.scenarioStatus],
    ['CRO Project Start Date', planDate(plan.croProjectStartDateMillis)],
    ['Final Protocol Start Date', planDate(plan.finalProtocolStartDateMillis)],
    [
      'Sites to Activate',
      sites.upperBound && !rates ? `${v(sites.lowerBound)} - ${sites.upperBound}` : v(sites.lowerBound),
    ],
    ['Subjects to Screen', v(f.parameters.SUBJECTS_TO_SCREEN.lowerBound)],
    ...(rates ? [['Enrollment Rate', v(f.enrollmentRate)] as [string, string]] : []),
    ...(!rates && !sequential
      ? [['Overall Enrollment Duration', `${v(f.overallEnrollmentDuration)} months`] as [string, string]]
      : []),
    ['Screening Duration', `${v(f.screeningPeriodDuration)} days`],
    ['Treatment Duration', `${v(f.treatmentDuration)} days`],
    ['Follow-up Duration', `${v(f.followUpDuration)} days`],
    ['Screen Fail Rate', v(f.screenFailRate)],
    ['Patients Enrolled', v(f.milestones.NUM_SUBJECTS_ENROLLED.lowerBound)],
    ['Drop-out Rate', v(f.dropOutRate)],
    ['Patients Completing Treatment', v(f.milestones.NUM_SUBJECTS_TREATED.lowerBound)],
    ['Patients Completing Follow-up', v(f.milestones.NUM_SUBJECTS_COMPLETED.lowerBound)],
    ...(!sequential
      ? ([
          ['Pause Enrollment After Patient #', v(f.pauseEnrollmentAfterPatient)],
          ['Resume Screening After (days)', v(f.pauseEnrollmentDays)],
        ] as [string, string][])
      : []),
  ];
}

/** Step 3, Review Study Plan: a read-only summary of the overall parameters (the full review comes later). */
export function ReviewSummary({ route }: { route: ReadyPlanRoute }) {
  const navigate = useNavigate();
  const plan = route.plan!;
  return (
    <Stack spacing={2}>
      <PlanStepHeader
        studyId={route.studyId}
        planId={plan.studyPlanId}
        active={3}
        disabled={!route.editable}
        details={{
          name: plan.studyPlanName,
          description: plan.studyPlanDescr,
          croStart: plan.croProjectStartDateMillis,
          protocol: plan.finalProtocolStartDateMillis,
        }}
      />
      <Paper component="section" aria-labelledby="review-overall-title" sx={{ p: 3 }}>
        <Typography id="review-overall-title" variant="h6" component="h2" gutterBottom>
          Overall Inputs
        </Typography>
        <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
          {rows(plan).map(([label, value]) => (
            <Stack key={label} direction="row" spacing={2}>
              <Typography component="dt" sx={{ fontWeight: 600, minWidth: 260 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                {value}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={() => void navigate(studyPath(route.studyId))}>Back to Study Plan List</Button>
          {route.editable && (
            <Button onClick={() => void navigate(planStepPath(route.studyId, plan.studyPlanId, 2))}>
              Back
            </Button>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
