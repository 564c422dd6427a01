import { MSG } from '@predict/engine';
/** The plan messages of spec/1 sections 2, 5 and 8, word for word, and ours where the spec has none. */
export { DECIMAL_MESSAGE, INTEGER_MESSAGE, rangeMessage, REQUIRED_MESSAGE } from '../schemas/common';

/** Name, description and dates of the plan form. */
export const FIELD_REQUIRED_MESSAGE = 'This field is required.';
export const NAME_UNIQUE_MESSAGE = 'Study Plan Name must be unique';
export const NAME_TOO_LONG_MESSAGE = 'Study Plan Name cannot exceed 50 characters';
/** Ours: the spec's form stops typing at 2000 characters and names no message. */
export const DESCRIPTION_TOO_LONG_MESSAGE = 'Study Plan Description cannot exceed 2000 characters';
/** Ours: a lower limit without an upper one (the spec shows the range message only when a max exists). */
export const minMessage = MSG.atLeast;

/** The patient count messages (the engine's input rules hold the texts and check them too). */
export const SCREENED_MIN_MESSAGE = MSG.screenedPositive;
export const ENROLLED_MIN_MESSAGE = MSG.enrolledPositive;
export const ENROLLED_MAX_MESSAGE = MSG.enrolledAboveScreened;
export const TREATED_MIN_MESSAGE = MSG.treatedPositive;
export const TREATED_MAX_MESSAGE = MSG.treatedAboveEnrolled;
export const FOLLOW_UP_MIN_MESSAGE = MSG.completedPositive;
export const FOLLOW_UP_MAX_MESSAGE = MSG.completedAboveTreated;
export const eitherNotBothMessage = MSG.eitherNotBoth;

export const COUNTRY_SITES_EXCEED_WARNING =
  "The sum of each country activated sites (lower bound) shouldn't exceed overall activated sites.";
/** Ours: a warning, not an error (the spec sets no order between the two dates). */
export const PROTOCOL_BEFORE_CRO_START_WARNING =
  'The Final Protocol Start Date is before the CRO Project Start Date. Check the dates; the plan can still be saved.';
export const COUNTRY_SITES_EQUAL_WARNING =
  'The sum of each country activated sites should be equal to overall activated sites.';

export const PLAN_DELETE_REFUSED_MESSAGE =
  "Enrollment Plan cannot be deleted. Please contact the Creator of the Enrollment Plan to delete and confirm the status is 'Draft'.";
export const PLAN_DELETED_MESSAGE = 'Deleted successfully';
export const PLAN_VERSION_CONFLICT_MESSAGE =
  'The plan was changed by someone else. Reload it to see the changes.';
/** Ours: the spec only says a plan is editable when it is Draft. */
export const PLAN_NOT_EDITABLE_MESSAGE =
  "Only plans with status 'Draft' can be edited. Use Save As Draft to make a new draft version.";
export const COMBINATION_MIN_PLANS_MESSAGE = 'Select at least 2 plans.';
export const COMBINATION_INELIGIBLE_MESSAGE =
  'Only plans of type Duration, Rates or Cohort (D) can be combined.';
export const CLONE_COMBINATION_MESSAGE = 'Combination plans cannot be cloned.';
export const saveAsStatusMessage = (detail: string, allowed: readonly string[]) =>
  `A ${detail} plan can be saved as ${allowed.join(', ')}.`;
