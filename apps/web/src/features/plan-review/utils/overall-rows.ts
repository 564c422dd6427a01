import {
  CLOSE_OUT_FIELDS,
  planTypeText,
  step1Field,
  STEP1_TARGETS,
  type Step1FieldKey,
  type Step1TargetKey,
  type StudyPlan,
} from '@predict/shared';
import { planFormFromPlan, planKindOf } from '@/features/plan-shell';
import { formatPlanDate } from '@/lib/format';

type Row = [string, string];
/** Labels come from the one list of step-1 fields, so review and form name a field alike. */
const label = (key: Step1FieldKey) => step1Field(key).label;
const targetLabel = (key: Step1TargetKey) => STEP1_TARGETS.find((t) => t.key === key)!.label;
const v = (s: string) => (s === '' ? '—' : s);
/** A value with its unit; an empty one is a bare dash ('— days' reads as a value). */
const withUnit = (s: string, unit: string) => (s === '' ? '—' : `${s} ${unit}`);

/** The study and the plan's details (spec/1 section 2, Step 3 "Study details"). */
export function studyDetailRows(plan: StudyPlan): Row[] {
  return [
    ['Project ID', plan.projectId],
    ['Study Name', plan.studyName],
    ['Sponsor', plan.sponsorName],
    [label('studyPlanName'), plan.studyPlanName],
    [label('studyPlanDescr'), plan.studyPlanDescr],
    ['Type', planTypeText(plan)],
    ['Status', plan.scenarioStatus],
    [label('croProjectStartDateMillis'), formatPlanDate(plan.croProjectStartDateMillis)],
    [label('finalProtocolStartDateMillis'), formatPlanDate(plan.finalProtocolStartDateMillis)],
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
      targetLabel('sitesToActivate'),
      sites.upperBound && !rates ? `${v(sites.lowerBound)} - ${sites.upperBound}` : v(sites.lowerBound),
    ],
    [targetLabel('subjectsToScreen'), v(f.parameters.SUBJECTS_TO_SCREEN.lowerBound)],
    ...(rates ? [[label('enrollmentRate'), v(f.enrollmentRate)] as Row] : []),
    ...(!rates && !sequential
      ? [[label('overallEnrollmentDuration'), withUnit(f.overallEnrollmentDuration, 'months')] as Row]
      : []),
    [label('screeningPeriodDuration'), withUnit(f.screeningPeriodDuration, 'days')],
    [label('treatmentDuration'), withUnit(f.treatmentDuration, 'days')],
    [label('followUpDuration'), withUnit(f.followUpDuration, 'days')],
    ...CLOSE_OUT_FIELDS.map((c): Row => [c.label, withUnit(f[c.key], c.unit)]),
    [label('screenFailRate'), v(f.screenFailRate)],
    [targetLabel('patientsEnrolled'), v(f.milestones.NUM_SUBJECTS_ENROLLED.lowerBound)],
    [label('dropOutRate'), v(f.dropOutRate)],
    [targetLabel('patientsCompletingTreatment'), v(f.milestones.NUM_SUBJECTS_TREATED.lowerBound)],
    [targetLabel('patientsCompletingFollowUp'), v(f.milestones.NUM_SUBJECTS_COMPLETED.lowerBound)],
    ...(!sequential
      ? ([
          [label('pauseEnrollmentAfterPatient'), v(f.pauseEnrollmentAfterPatient)],
          [label('pauseEnrollmentDays'), v(f.pauseEnrollmentDays)],
        ] as Row[])
      : []),
  ];
}
