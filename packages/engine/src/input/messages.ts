/**
 * Validation messages. Where spec/1 section 5 gives a message it is used verbatim; the others follow its wording.
 * The engine cannot import packages/shared (dependencies point one way), so the spec's texts are repeated here.
 */
export const MSG = {
  empty: "Can't be empty.",
  integer: 'Has to be an integer.',
  decimal: 'Has to be a decimal.',
  range: (min: number, max: number) => `Has to be a value from ${min} to ${max}.`,
  atLeast: (min: number) => `Has to be at least ${min}.`,
  allZero: 'Cannot all be zero.',
  noCountry: 'At least one country is required.',
  onlyOneSfOrEnrolled: 'Only one of screen fail rate or patients enrolled can be filled.',
  onlyOneDoOrTreated: 'Only one of drop-out rate or patients completing treatment can be filled.',
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
  profileRows: 'At most 11 activation profile rows.',
  seasonalMonths: 'Has to have one value for each month (0 to 11).',
  cohortsInvalid: 'Sequential cohorts setup is not valid',
  cohortNameDuplicate: 'Cohort name should be unique.',
  cohortOneFirst: 'Exactly one cohort must have no predecessor.',
  cohortPredecessorUnknown: 'Predecessor cohort not found.',
  cohortPredecessorSelf: 'A cohort cannot be its own predecessor.',
  cohortCycle: 'Cohorts form a cycle.',
  cohortsRequired: 'A sequential cohort plan needs at least one cohort.',
  milestoneEarlier: 'A date cannot be earlier than the latest of the earlier milestone dates.',
  milestoneTwice: 'A milestone can be overridden only once.',
  actualsBeforeActivation: 'Actuals date cannot be before the first site activation.',
  activationAfterActuals: 'Site activation date cannot be after the actuals date.',
  actualsBeforeStart: 'Actuals date cannot be before the CRO project start date.',
  countryScreenedRequired: "Can't be empty.",
} as const;
