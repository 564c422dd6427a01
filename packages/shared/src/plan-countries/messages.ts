import { MSG } from '@predict/engine';

/** Messages of plan step 2 and 3 (spec/1 sections 2, 4, 5, 8), word for word; ours are marked. */
export const COUNTRY_ALREADY_ADDED_MESSAGE = 'Country already added.';
export const SAVE_SUCCESSFUL_MESSAGE = 'Save was successful!';
export const NOT_ALL_SAVES_MESSAGE = 'Not all saves were successful.';
export const COUNTRY_REMOVED_MESSAGE = 'Successfully removed country.';
export const COUNTRY_REMOVE_FAILED_MESSAGE = 'Failed to remove country.';
export const CTIS_SAVED_MESSAGE = 'CTIS Submission saved successfully';
export const CTIS_FAILED_MESSAGE = 'CTIS Submission failed';
export const COHORTS_INVALID_MESSAGE = MSG.cohortsInvalid;
export const SEASONAL_INVALID_MESSAGE = 'Country enrollment seasonal variations are not valid';
export const PLAN_SAVED_MESSAGE = 'Successfully saved plan.';
export const PLAN_SAVE_FAILED_MESSAGE = 'Failed to save plan.';
export const UNKNOWN_STEP_MESSAGE = 'Unknown step configuration.';
export const MILESTONE_BEFORE_PREVIOUS_MESSAGE = 'Date cannot be earlier than the previous milestone dates.'; // ours
export const OVERRIDE_COMMENT_REQUIRED_MESSAGE = MSG.empty;
export const MILESTONE_NOT_OVERRIDABLE_MESSAGE = 'This milestone cannot be overridden.'; // ours
export const countryIssueMessage = (planId: number, country: string, countryId: number) =>
  `Study Plan with id ${planId} is experiencing an issue with country ${country} (ID: ${countryId}). Please contact service desk.`;
