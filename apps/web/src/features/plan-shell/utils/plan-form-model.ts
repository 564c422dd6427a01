import {
  CLOSE_OUT_DEFAULTS,
  CLOSE_OUT_KEYS,
  COHORT_TYPE_NONE,
  COHORT_TYPE_SEQUENTIAL,
  parseNumeric,
  PLAN_TYPE_DURATION,
  PLAN_TYPE_RATES,
  STEP1_DATE_KEYS,
  STEP1_NUMBER_KEYS,
  STEP1_TARGETS,
  STEP1_TEXT_KEYS,
  type CloseOutKey,
  type EnrollmentPlanStep1Input,
  type PlanFormContext,
  type PlanFormValues,
  type PlanScenario,
  type Step1DateKey,
  type Step1NumberKey,
  type Step1TextKey,
  type StudyPlan,
} from '@predict/shared';

/**
 * The step 1 form as react-hook-form holds it: the step-1 fields of the shared list (STEP1_FIELDS), numbers as
 * typed text (so '0.' and '.5' survive while typing), dates as millis. Its paths match validatePlanForm's error
 * fields, so messages land on the right input.
 */
export interface PlanFormModel
  extends
    Record<Step1TextKey, string>,
    Record<Step1DateKey, number | null>,
    Record<Step1NumberKey | CloseOutKey, string> {
  parameters: {
    SITES_TO_ACTIVATE: { lowerBound: string; upperBound: string };
    SUBJECTS_TO_SCREEN: { lowerBound: string };
  };
  milestones: {
    NUM_SUBJECTS_ENROLLED: { lowerBound: string };
    NUM_SUBJECTS_TREATED: { lowerBound: string };
    NUM_SUBJECTS_COMPLETED: { lowerBound: string };
  };
}

export interface PlanKind {
  scenario: PlanScenario;
  sequential: boolean;
}

/** The step-1 goals stored as study milestones (the form holds their lower bound). */
const TARGET_MILESTONES = STEP1_TARGETS.filter((t) => t.list === 'milestones').map((t) => t.name);

export function emptyPlanForm(): PlanFormModel {
  return {
    ...(Object.fromEntries(STEP1_TEXT_KEYS.map((f) => [f, ''])) as Record<Step1TextKey, string>),
    ...(Object.fromEntries(STEP1_DATE_KEYS.map((f) => [f, null])) as Record<Step1DateKey, null>),
    ...(Object.fromEntries(STEP1_NUMBER_KEYS.map((f) => [f, ''])) as Record<Step1NumberKey, string>),
    // A new plan starts from the documented close-out defaults, shown and editable, never an unseen 0.
    ...(Object.fromEntries(CLOSE_OUT_KEYS.map((f) => [f, String(CLOSE_OUT_DEFAULTS[f])])) as Record<
      CloseOutKey,
      string
    >),
    parameters: {
      SITES_TO_ACTIVATE: { lowerBound: '', upperBound: '' },
      SUBJECTS_TO_SCREEN: { lowerBound: '' },
    },
    milestones: {
      NUM_SUBJECTS_ENROLLED: { lowerBound: '' },
      NUM_SUBJECTS_TREATED: { lowerBound: '' },
      NUM_SUBJECTS_COMPLETED: { lowerBound: '' },
    },
  };
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form values of a saved plan. */
export function planFormFromPlan(plan: StudyPlan): PlanFormModel {
  const param = (name: string) => plan.parameters.find((p) => p.parameterName === name && !p.countryId);
  const milestone = (name: string) => plan.milestones.find((m) => m.milestoneName === name && !m.countryId);
  const form = emptyPlanForm();
  for (const f of STEP1_TEXT_KEYS) form[f] = plan[f];
  for (const f of STEP1_DATE_KEYS) form[f] = plan[f];
  for (const f of [...STEP1_NUMBER_KEYS, ...CLOSE_OUT_KEYS]) form[f] = text(plan[f]);
  form.parameters.SITES_TO_ACTIVATE = {
    lowerBound: text(param('SITES_TO_ACTIVATE')?.lowerBound),
    upperBound: text(param('SITES_TO_ACTIVATE')?.upperBound),
  };
  form.parameters.SUBJECTS_TO_SCREEN = { lowerBound: text(param('SUBJECTS_TO_SCREEN')?.lowerBound) };
  for (const name of TARGET_MILESTONES) {
    form.milestones[name] = { lowerBound: text(milestone(name)?.lowerBound) };
  }
  return form;
}

/** Scenario and sequential flag of a saved plan (type 1 Rates = A; type 2 with cohort type 2 = sequential B). */
export function planKindOf(plan: Pick<StudyPlan, 'studyPlanType' | 'cohortType'>): PlanKind {
  return {
    scenario: plan.studyPlanType === PLAN_TYPE_RATES ? 'scenario-a' : 'scenario-b',
    sequential: plan.studyPlanType === PLAN_TYPE_DURATION && plan.cohortType === COHORT_TYPE_SEQUENTIAL,
  };
}

/** Scenario and sequential flag of a new plan from its address (?s=scenario-a|scenario-b&seq=true|false). */
export function planKindFromQuery(search: URLSearchParams): PlanKind | null {
  const s = search.get('s');
  if (s !== 'scenario-a' && s !== 'scenario-b') return null;
  // Sequential cohorts are a scenario B variant only.
  return { scenario: s, sequential: s === 'scenario-b' && search.get('seq') === 'true' };
}

/**
 * The sites of each country (their site group's NUM_SITES_ACTIVATED) so that validatePlanForm can give the
 * country-sites warnings; a new plan has none.
 */
export function countrySitesOf(plan: StudyPlan | undefined): PlanFormValues['countrySites'] {
  return (plan?.countries ?? []).map((c) => {
    const p = c.siteGroups[0]?.parameters.find((x) => x.parameterName === 'NUM_SITES_ACTIVATED');
    return { lowerBound: p?.lowerBound ?? null, upperBound: p?.upperBound ?? null };
  });
}

export const formContext = (kind: PlanKind, existingNames: readonly string[]): PlanFormContext => ({
  ...kind,
  existingNames,
});

/** A calendar day (YYYY-MM-DD, as a date input gives it) as millis at noon UTC, the way plans store dates. */
export function dayToNoonUtcMillis(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
}

/** The UTC calendar day of stored millis, for a date input. */
export function millisToDay(millis: number | null | undefined): string {
  if (millis === null || millis === undefined) return '';
  return new Date(millis).toISOString().slice(0, 10);
}

const numberOrNull = (input: string) => {
  const parsed = parseNumeric(input);
  return parsed.kind === 'number' ? parsed.value : null;
};

/** The whole step 1 body of the form, leaving out the fields the plan's kind hides. */
export function step1Body(values: PlanFormModel, kind: PlanKind): EnrollmentPlanStep1Input {
  const hidden = new Set<string>([
    ...(kind.scenario === 'scenario-a' ? ['overallEnrollmentDuration'] : ['enrollmentRate']),
    ...(kind.sequential
      ? ['overallEnrollmentDuration', 'pauseEnrollmentAfterPatient', 'pauseEnrollmentDays']
      : []),
  ]);
  const body: Record<string, unknown> = {};
  for (const f of STEP1_TEXT_KEYS) body[f] = values[f].trim();
  for (const f of STEP1_DATE_KEYS) body[f] = values[f];
  for (const f of STEP1_NUMBER_KEYS) if (!hidden.has(f)) body[f] = numberOrNull(values[f]);
  for (const f of CLOSE_OUT_KEYS) body[f] = numberOrNull(values[f]);
  const sites = values.parameters.SITES_TO_ACTIVATE;
  body.parameters = [
    {
      parameterName: 'SITES_TO_ACTIVATE',
      lowerBound: numberOrNull(sites.lowerBound),
      ...(kind.scenario === 'scenario-b' ? { upperBound: numberOrNull(sites.upperBound) } : {}),
    },
    {
      parameterName: 'SUBJECTS_TO_SCREEN',
      lowerBound: numberOrNull(values.parameters.SUBJECTS_TO_SCREEN.lowerBound),
    },
  ];
  body.milestones = TARGET_MILESTONES.map((name) => ({
    milestoneName: name,
    lowerBound: numberOrNull(values.milestones[name].lowerBound),
  }));
  return body as EnrollmentPlanStep1Input;
}

/** The body that creates a new plan of this kind. */
export function newPlanBody(
  values: PlanFormModel,
  kind: PlanKind,
  studyId: number,
): EnrollmentPlanStep1Input {
  return {
    ...step1Body(values, kind),
    studyId,
    studyPlanType: kind.scenario === 'scenario-a' ? PLAN_TYPE_RATES : PLAN_TYPE_DURATION,
    cohortType: kind.sequential ? COHORT_TYPE_SEQUENTIAL : COHORT_TYPE_NONE,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Only what changed since the saved values, with the plan id and the rowVersion it is based on: the server merges
 * it, and a plan someone else changed meanwhile answers 409 instead of being overwritten.
 */
export function changedFieldsBody(
  values: PlanFormModel,
  saved: PlanFormModel,
  kind: PlanKind,
  plan: Pick<StudyPlan, 'studyPlanId' | 'studyId' | 'rowVersion'>,
): EnrollmentPlanStep1Input {
  const now = step1Body(values, kind) as Record<string, unknown>;
  const before = step1Body(saved, kind) as Record<string, unknown>;
  const body: Record<string, unknown> = {
    studyPlanId: plan.studyPlanId,
    studyId: plan.studyId,
    rowVersion: plan.rowVersion,
  };
  for (const [key, value] of Object.entries(now)) {
    if (key === 'parameters' || key === 'milestones') {
      const items = (value as unknown[]).filter((item, i) => !same(item, (before[key] as unknown[])[i]));
      if (items.length > 0) body[key] = items;
    } else if (!same(value, before[key])) {
      body[key] = value;
    }
  }
  return body as EnrollmentPlanStep1Input;
}
