import {
  checkNumber,
  INPUT_LIMITS,
  isEmptyInput,
  MSG,
  patientBoundsIssues,
  type NumberRule,
  RATE_OR_COUNT_PAIRS,
  rateOrCountIssue,
} from '@predict/engine';
import { ENROLLMENT_RATE_MAX, PAUSE_MAX, PAUSE_MIN, PLAN_TYPE_DURATION, RATE_MAX } from '../plan/constants';
import { REQUIRED_MESSAGE } from '../plan/messages';
import type { CountryInputsRow } from './step2-schemas';

/** Ours: an upper bound below its lower bound (the engine's input rules hold the text). */
export const UPPER_BELOW_LOWER_MESSAGE = MSG.upperBelowLower;

export interface CountryInputsContext {
  /** Sequential cohort plans have no pause fields (as on step 1). */
  sequential?: boolean;
}

/** Field path inside a CountryInputsRow -> message, e.g. { 'NUM_SUBJECTS_SCREENED.lowerBound': "Can't be empty." }. */
export type CountryInputErrors = Record<string, string>;

const RATE: NumberRule = { integer: false, min: 0, max: RATE_MAX };
const PAUSE: NumberRule = { integer: true, min: PAUSE_MIN, max: PAUSE_MAX };
/** The engine's limit of sites per group; below 1 keeps the "at least" message. */
const SITES: NumberRule = {
  integer: true,
  min: 1,
  max: INPUT_LIMITS.sitesPerGroup,
  minMessage: MSG.atLeast(1),
};

/**
 * The "Country inputs" rules of spec/1 section 5 for one country (site group) of a plan of type 1 (scenario A) or
 * 2 (scenario B): enrollment rate 0-100; activated sites integer >= 1 (scenario B: lower and upper, upper >= lower);
 * the patient tiers screened >= enrolled >= completing treatment >= completing follow-up, each an integer >= 1 and
 * bounded by the same bound of the tiers before it; screened bounds required once a later tier is filled; screen
 * fail and drop-out rates 0-0.99, each not together with the count it is derived from; pause 1-9999, both or
 * neither. One message per field, the first that applies. The web form shows them as the user types; the server
 * runs them on every save.
 */
export function validateCountryInputs(
  planType: 1 | 2,
  row: CountryInputsRow,
  context: CountryInputsContext = {},
): CountryInputErrors {
  const errors: CountryInputErrors = {};
  const fail = (path: string, message: string | undefined) => {
    if (message && errors[path] === undefined) errors[path] = message;
  };
  const check = (path: string, input: number | null, rule: NumberRule) => {
    const r = checkNumber(input, rule);
    fail(path, r.message);
    return r.value;
  };
  const scenarioB = planType === PLAN_TYPE_DURATION;

  check('siteEnrollmentRateAtSIV', row.siteEnrollmentRateAtSIV, {
    integer: false,
    min: 0,
    max: ENROLLMENT_RATE_MAX,
  });

  const sites = row.NUM_SITES_ACTIVATED;
  const sitesLow = check('NUM_SITES_ACTIVATED.lowerBound', sites.lowerBound, {
    ...SITES,
    required: true,
  });
  const sitesHigh = check('NUM_SITES_ACTIVATED.upperBound', sites.upperBound, {
    ...SITES,
    required: scenarioB,
  });
  if (sitesLow !== undefined && sitesHigh !== undefined && sitesHigh < sitesLow)
    fail('NUM_SITES_ACTIVATED.upperBound', UPPER_BELOW_LOWER_MESSAGE);

  for (const issue of patientBoundsIssues(row)) fail(issue.path.join('.'), issue.message);

  const pairs = [
    ['expectedScreenFailureRate', 'NUM_SUBJECTS_ENROLLED', 'screenFail'],
    ['expectedTreatmentDropoutRate', 'NUM_SUBJECTS_TREATED', 'dropOut'],
  ] as const;
  for (const [rateField, countTier, pair] of pairs) {
    check(rateField, row[rateField], RATE);
    const count = row[countTier];
    const countFilled = !isEmptyInput(count.lowerBound) || !isEmptyInput(count.upperBound);
    if (rateOrCountIssue(!isEmptyInput(row[rateField]), countFilled, false) === 'both') {
      const message = RATE_OR_COUNT_PAIRS[pair].message;
      fail(rateField, message);
      fail(`${countTier}.${isEmptyInput(count.lowerBound) ? 'upperBound' : 'lowerBound'}`, message);
    }
  }

  if (!context.sequential) {
    check('pauseEnrollmentAfterPatient', row.pauseEnrollmentAfterPatient, PAUSE);
    check('pauseEnrollmentDays', row.pauseEnrollmentDays, PAUSE);
    const afterEmpty = isEmptyInput(row.pauseEnrollmentAfterPatient);
    if (afterEmpty !== isEmptyInput(row.pauseEnrollmentDays))
      fail(afterEmpty ? 'pauseEnrollmentAfterPatient' : 'pauseEnrollmentDays', REQUIRED_MESSAGE);
  }
  return errors;
}
