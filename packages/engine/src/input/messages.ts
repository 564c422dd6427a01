/**
 * Every validation message of the input rules, once: where spec/1 or spec/3 section 5 gives a message it is used
 * word for word; the others (ours) follow its wording. packages/shared re-exports these under its constant names.
 */
/** Ours: the form disables one of a pair when the other is filled, so only the API can send both. */
const eitherNotBoth = (a: string, b: string) => `Fill in either the ${a} or the ${b}, not both.`;

export const MSG = {
  empty: "Can't be empty.",
  integer: 'Has to be an integer.',
  decimal: 'Has to be a decimal.',
  range: (min: number, max: number) => `Has to be a value from ${min} to ${max}.`,
  atLeast: (min: number) => `Has to be at least ${min}.`,
  /** Ours: dates a plan may hold (INPUT_LIMITS). */
  dateRange: 'Has to be a date from 1900 to 2199.',
  /** Ours: the Monte Carlo's replications (INPUT_LIMITS). */
  replications: (max: number) => `Replications have to be a whole number from 1 to ${max}.`,
  allZero: 'Cannot all be zero.',
  noCountry: 'At least one country is required.',
  eitherNotBoth,
  onlyOneSfOrEnrolled: eitherNotBoth('screen fail rate', 'number of patients enrolled'),
  onlyOneDoOrTreated: eitherNotBoth('drop-out rate', 'number of patients completing treatment'),
  upperBelowLower: "Upper bound can't be less than the lower bound.",
  screenedPositive: 'Number of patients screened must be greater than 0',
  enrolledPositive: 'Number of patients enrolled must be greater than 0',
  enrolledAboveScreened:
    "Number of patients enrolled shouldn't be greater than the number of patients screened",
  treatedPositive: 'Number of patients completing treatment must be greater than 0',
  treatedAboveEnrolled:
    "Number of patients completing treatment shouldn't be greater than the number of patients screened or enrolled",
  completedPositive: 'Number of patients completing follow up must be greater than 0',
  completedAboveTreated:
    "Number of patients completing follow up shouldn't be greater than the number of patients completing treatment, screened or enrolled",
  sitesIncreasing: 'Number of sites should be increasing.',
  sitesDuplicates: 'Number of sites should not have duplicates.',
  sitesNonNegative: 'Number of sites should be non-negative.',
  daysIncreasing: 'Days should be increasing.',
  daysDuplicates: 'Days should not have duplicates.',
  daysNonNegative: 'Days should be non-negative.',
  /** Ours: the form has 11 slots, so only the API can send more. */
  profileRows: 'At most 11 activation profile rows.',
  /** Ours: the form always shows 12 months, so only the API can send another count. */
  seasonalMonths: 'Has to have one value for each month, Jan to Dec.',
  /** Ours: the spec allows "at most 2 decimals" without a message. */
  twoDecimals: 'Has to have at most 2 decimals.',
  cohortsInvalid: 'Sequential cohorts setup is not valid',
  cohortNameDuplicate: 'Cohort name should be unique.',
  cohortOneFirst: 'Exactly one cohort must have no predecessor.',
  /** Ours: spec/1 section 5 says the first cohort has no predecessor without naming a message. */
  firstCohortPredecessor: 'The first cohort has no predecessor.',
  cohortPredecessorUnknown: 'Predecessor cohort not found.',
  cohortPredecessorSelf: 'A cohort cannot be its own predecessor.',
  cohortCycle: 'Cohorts form a cycle.',
  cohortsRequired: 'A sequential cohort plan needs at least one cohort.',
  milestoneEarlier: 'A date cannot be earlier than the latest of the earlier milestone dates.',
  milestoneTwice: 'A milestone can be overridden only once.',
  actualsBeforeActivation: 'Actuals date cannot be before the first site activation.',
  activationAfterActuals: 'Site activation date cannot be after the actuals date.',
  actualsBeforeStart: 'Actuals date cannot be before the CRO project start date.',
} as const;
