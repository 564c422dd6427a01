import {
  checkNumber,
  checkPatientCount,
  INPUT_LIMITS,
  isEmptyInput,
  type NumberRule,
  type NumericInput,
  type PatientTier,
  RATE_OR_COUNT_PAIRS,
  rateOrCountIssue,
} from '@predict/engine';
import { CLOSE_OUT_FIELDS } from './close-out-fields';
import { ENROLLMENT_RATE_MAX, PAUSE_MAX, PAUSE_MIN, PLAN_DURATION_LIMITS, RATE_MAX } from './constants';
import {
  COUNTRY_SITES_EQUAL_WARNING,
  COUNTRY_SITES_EXCEED_WARNING,
  FIELD_REQUIRED_MESSAGE,
  minMessage,
  PROTOCOL_BEFORE_CRO_START_WARNING,
  REQUIRED_MESSAGE,
} from './messages';
import { planDescriptionMessage, planNameMessage } from './name-rules';
import { milestoneCommentPath, PLAN_FORM_FIELDS, type PlanFormValues } from './plan-form-values';

export type PlanScenario = 'scenario-a' | 'scenario-b';

export interface PlanFormContext {
  /** scenario-a: enrollment rates (type 1); scenario-b: overall enrollment duration (type 2). */
  scenario: PlanScenario;
  /** Sequential cohorts (a scenario B variant): no overall duration and no pause fields. */
  sequential: boolean;
  /** Names of the study's other plans (not this one), for the uniqueness rule. */
  existingNames: readonly string[];
}

export interface PlanFormError {
  /** The field's path in the form and in the step 1 body, e.g. 'parameters.SITES_TO_ACTIVATE.lowerBound'. */
  field: string;
  message: string;
}

export interface PlanFormResult {
  errors: PlanFormError[];
  warnings: string[];
}

const INT = (min: number, extra: Partial<NumberRule> = {}): NumberRule => ({ integer: true, min, ...extra });
// The engine's ranges (spec/1 section 5): a plan saved with more could never run. Below the minimum the form keeps
// its "at least" message; only a value past the maximum gets the range message.
const LIMIT = PLAN_DURATION_LIMITS;
const UPTO = (min: number, max: number, required = false): NumberRule =>
  INT(min, { required, max, minMessage: minMessage(min) });
const RATE: NumberRule = { integer: false, min: 0, max: RATE_MAX };
const PAUSE: NumberRule = { integer: true, min: PAUSE_MIN, max: PAUSE_MAX };

/**
 * Every rule of spec/1 section 5 "Plan form": required fields, bounds, integer and decimal checks, the either-or
 * pairs, the pause pair and the patient-count chain, plus the two country-site warnings. Pure: the web form runs
 * it as the user types, the server on every step 1 save. One message per field, the first that applies.
 */
export function validatePlanForm(values: PlanFormValues, context: PlanFormContext): PlanFormResult {
  const c = checker();
  checkDetails(values, context, c);
  const sites = checkDurations(values, context, c);
  const inputs = checkPatientChain(values, c);
  checkRatesOrCounts(values, inputs, c);
  if (!context.sequential) checkPause(values, c);
  checkMilestoneComments(values, c);
  return {
    errors: [...c.errors].map(([field, message]) => ({ field, message })),
    warnings: [
      ...protocolDateWarnings(values),
      ...countrySiteWarnings(values.countrySites ?? [], sites, context.scenario),
    ],
  };
}

/** The messages found so far, one per field: the first one a field gets is the one it shows. */
function checker() {
  const errors = new Map<string, string>();
  const fail = (field: string, message: string | undefined | null) => {
    if (message && !errors.has(field)) errors.set(field, message);
  };
  const check = (field: string, input: NumericInput, rule: NumberRule) => {
    const result = checkNumber(input, rule);
    fail(field, result.message);
    return result.value;
  };
  return { errors, fail, check };
}
type Checker = ReturnType<typeof checker>;

/** Name, description and the two required dates. */
function checkDetails(values: PlanFormValues, context: PlanFormContext, { fail }: Checker) {
  fail('studyPlanName', planNameMessage(values.studyPlanName, context.existingNames));
  fail('studyPlanDescr', planDescriptionMessage(values.studyPlanDescr));
  for (const date of ['croProjectStartDateMillis', 'finalProtocolStartDateMillis'] as const) {
    const v = values[date];
    if (v === null || v === undefined || !Number.isFinite(v)) fail(date, FIELD_REQUIRED_MESSAGE);
  }
}

/** Sites to activate, the rate or the enrollment duration, and the periods; returns the sites to activate. */
function checkDurations(values: PlanFormValues, context: PlanFormContext, { check }: Checker) {
  const F = PLAN_FORM_FIELDS;
  const sites = check(
    F.sitesToActivate,
    values.parameters?.SITES_TO_ACTIVATE?.lowerBound,
    UPTO(1, INPUT_LIMITS.sitesPerGroup, true),
  );
  if (context.scenario === 'scenario-a') {
    check('enrollmentRate', values.enrollmentRate, { integer: false, min: 0, max: ENROLLMENT_RATE_MAX });
  } else if (!context.sequential) {
    check(
      'overallEnrollmentDuration',
      values.overallEnrollmentDuration,
      UPTO(1, LIMIT.overallEnrollmentMonths, true),
    );
  }
  check('screeningPeriodDuration', values.screeningPeriodDuration, UPTO(0, LIMIT.screeningDays, true));
  // Bounds say >= 0 but a plan needs treatment time ("treatment duration > 0" is required to save).
  check('treatmentDuration', values.treatmentDuration, UPTO(1, LIMIT.treatmentDays, true));
  check('followUpDuration', values.followUpDuration, UPTO(0, LIMIT.followUpDays));
  // Required: an empty close-out duration would count as 0 days in the timeline (see close-out-fields.ts).
  for (const { key } of CLOSE_OUT_FIELDS) check(key, values[key], UPTO(0, LIMIT.days, true));
  return sites;
}

/**
 * The patient chain: screened >= enrolled >= completing treatment >= completing follow-up, each >= 1; returns the
 * enrolled and completing-treatment inputs (the counts the rates pair with).
 */
function checkPatientChain(values: PlanFormValues, { fail }: Checker) {
  const F = PLAN_FORM_FIELDS;
  const milestones = values.milestones ?? {};
  const patients = (
    field: string,
    tier: PatientTier,
    input: NumericInput,
    max?: number,
    required = false,
  ) => {
    const result = checkPatientCount(tier, input, max, required);
    fail(field, result.message);
    return result.value;
  };
  const screened = patients(
    F.subjectsToScreen,
    'NUM_SUBJECTS_SCREENED',
    values.parameters?.SUBJECTS_TO_SCREEN?.lowerBound,
    undefined,
    true,
  );
  const enrolledInput = milestones.NUM_SUBJECTS_ENROLLED?.lowerBound;
  const enrolled = patients(F.patientsEnrolled, 'NUM_SUBJECTS_ENROLLED', enrolledInput, screened);
  const treatedInput = milestones.NUM_SUBJECTS_TREATED?.lowerBound;
  const treated = patients(
    F.patientsCompletingTreatment,
    'NUM_SUBJECTS_TREATED',
    treatedInput,
    enrolled ?? screened,
  );
  patients(
    F.patientsCompletingFollowUp,
    'NUM_SUBJECTS_COMPLETED',
    milestones.NUM_SUBJECTS_COMPLETED?.lowerBound,
    treated ?? enrolled ?? screened,
  );
  return { enrolledInput, treatedInput };
}

/** Exactly one of each pair: a rate, or the count it can be derived from. */
function checkRatesOrCounts(
  values: PlanFormValues,
  { enrolledInput, treatedInput }: { enrolledInput: NumericInput; treatedInput: NumericInput },
  { fail, check }: Checker,
) {
  const F = PLAN_FORM_FIELDS;
  const pairs = [
    ['screenFailRate', values.screenFailRate, F.patientsEnrolled, enrolledInput, 'screenFail'],
    ['dropOutRate', values.dropOutRate, F.patientsCompletingTreatment, treatedInput, 'dropOut'],
  ] as const;
  for (const [rateField, rate, countField, count, pair] of pairs) {
    check(rateField, rate, RATE);
    const issue = rateOrCountIssue(!isEmptyInput(rate), !isEmptyInput(count), true);
    const message =
      issue === 'neither' ? REQUIRED_MESSAGE : issue === 'both' ? RATE_OR_COUNT_PAIRS[pair].message : null;
    fail(rateField, message);
    fail(countField, message);
  }
}

/** The enrollment pause: both fields or neither. */
function checkPause(values: PlanFormValues, { fail, check }: Checker) {
  check('pauseEnrollmentAfterPatient', values.pauseEnrollmentAfterPatient, PAUSE);
  check('pauseEnrollmentDays', values.pauseEnrollmentDays, PAUSE);
  const afterEmpty = isEmptyInput(values.pauseEnrollmentAfterPatient);
  if (afterEmpty !== isEmptyInput(values.pauseEnrollmentDays)) {
    fail(afterEmpty ? 'pauseEnrollmentAfterPatient' : 'pauseEnrollmentDays', REQUIRED_MESSAGE);
  }
}

/** An overridden milestone needs a comment. */
function checkMilestoneComments(values: PlanFormValues, { fail }: Checker) {
  for (const [name, m] of Object.entries(values.milestones ?? {})) {
    const overridden = m?.isUserOverride === true || m?.isUserOverride === 1;
    if (overridden && (m?.comments ?? '').trim() === '') fail(milestoneCommentPath(name), REQUIRED_MESSAGE);
  }
}

/** A protocol date before the CRO project start is allowed (plans are drafted out of order) but said. */
function protocolDateWarnings(values: PlanFormValues): string[] {
  const cro = values.croProjectStartDateMillis;
  const protocol = values.finalProtocolStartDateMillis;
  if (typeof cro !== 'number' || typeof protocol !== 'number') return [];
  if (!Number.isFinite(cro) || !Number.isFinite(protocol)) return [];
  return protocol < cro ? [PROTOCOL_BEFORE_CRO_START_WARNING] : [];
}

/**
 * Scenario A adds up the countries' lower bounds, which may stay below the overall sites; scenario B plans each
 * country's upper bound (its Site ID effort derives from it), and those must add up to the overall sites.
 */
function countrySiteWarnings(
  countries: NonNullable<PlanFormValues['countrySites']>,
  sites: number | undefined,
  scenario: PlanScenario,
): string[] {
  if (countries.length === 0 || sites === undefined) return [];
  if (scenario === 'scenario-a') {
    const sum = countries.reduce((s, c) => s + (c.lowerBound ?? 0), 0);
    return sum > sites ? [COUNTRY_SITES_EXCEED_WARNING] : [];
  }
  const sum = countries.reduce((s, c) => s + (c.upperBound ?? c.lowerBound ?? 0), 0);
  return sum !== sites ? [COUNTRY_SITES_EQUAL_WARNING] : [];
}
