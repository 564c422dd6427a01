import { planTypeLabel, type StudyPlan } from '@predict/shared';
import { planFormFromPlan, planKindOf } from '@/features/plan-shell';
import { formatPlanDate } from '@/lib/format';

type Row = [string, string];
const v = (s: string) => (s === '' ? '—' : s);
/** A value with its unit; an empty one is a bare dash ('— days' reads as a value). */
const withUnit = (s: string, unit: string) => (s === '' ? '—' : `${s} ${unit}`);

/** The study and the plan's details (spec/1 section 2, Step 3 "Study details"). */
export function studyDetailRows(plan: StudyPlan): Row[] {
  return [
    ['Project ID', plan.projectId],
    ['Study Name', plan.studyName],
    ['Sponsor', plan.sponsorName],
    ['Study Plan Name', plan.studyPlanName],
    ['Description', plan.studyPlanDescr],
    ['Type', `${planTypeLabel(plan.studyPlanType)} (${plan.studyPlanTypeDetail})`],
    ['Status', plan.scenarioStatus],
    ['CRO Project Start Date', formatPlanDate(plan.croProjectStartDateMillis)],
    ['Final Protocol Start Date', formatPlanDate(plan.finalProtocolStartDateMillis)],
  ];
}

/** The overall inputs of step 1 as the plan's kind shows them (rates or duration, sequential or not). */
export function overallInputRows(plan: StudyPlan): Row[] {
  const f = planFormFromPlan(plan);
  const { scenario, sequential } = planKindOf(plan);
  const rates = scenario === 'scenario-a';
  const sites = f.parameters.SITES_TO_ACTIVATE;
  return [
    [
      'Sites to Activate',
      sites.upperBound && !rates ? `${v(sites.lowerBound)} - ${sites.upperBound}` : v(sites.lowerBound),
    ],
    ['Subjects to Screen', v(f.parameters.SUBJECTS_TO_SCREEN.lowerBound)],
    ...(rates ? [['Enrollment Rate', v(f.enrollmentRate)] as Row] : []),
    ...(!rates && !sequential
      ? [['Overall Enrollment Duration', withUnit(f.overallEnrollmentDuration, 'months')] as Row]
      : []),
    ['Screening Duration', withUnit(f.screeningPeriodDuration, 'days')],
    ['Treatment Duration', withUnit(f.treatmentDuration, 'days')],
    ['Follow-up Duration', withUnit(f.followUpDuration, 'days')],
    ['Screen Fail Rate', v(f.screenFailRate)],
    ['Patients Enrolled', v(f.milestones.NUM_SUBJECTS_ENROLLED.lowerBound)],
    ['Drop-out Rate', v(f.dropOutRate)],
    ['Patients Completing Treatment', v(f.milestones.NUM_SUBJECTS_TREATED.lowerBound)],
    ['Patients Completing Follow-up', v(f.milestones.NUM_SUBJECTS_COMPLETED.lowerBound)],
    ...(!sequential
      ? ([
          ['Pause Enrollment After Patient #', v(f.pauseEnrollmentAfterPatient)],
          ['Resume Screening After (days)', v(f.pauseEnrollmentDays)],
        ] as Row[])
      : []),
  ];
}
