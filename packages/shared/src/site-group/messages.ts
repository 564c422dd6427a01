import { MSG } from '@predict/engine';

/** Site-group messages of spec/1 section 5 and spec/3 section 5, word for word, and ours where the spec has none. */
// The rule messages: the engine's input rules hold the texts.
export const SITES_INCREASING_MESSAGE = MSG.sitesIncreasing;
export const SITES_DUPLICATES_MESSAGE = MSG.sitesDuplicates;
export const SITES_NON_NEGATIVE_MESSAGE = MSG.sitesNonNegative;
export const DAYS_INCREASING_MESSAGE = MSG.daysIncreasing;
export const DAYS_NON_NEGATIVE_MESSAGE = MSG.daysNonNegative;
export const DAYS_DUPLICATES_MESSAGE = MSG.daysDuplicates;
export const ALL_ZERO_MESSAGE = MSG.allZero;
export const ACTIVATION_PROFILE_ROWS_MESSAGE = MSG.profileRows;
export const TWO_DECIMALS_MESSAGE = MSG.twoDecimals;
export const SEASONAL_MONTHS_MESSAGE = MSG.seasonalMonths;

/** Ours: a save based on an older version of the site group (409). */
export const SITE_GROUP_VERSION_CONFLICT_MESSAGE =
  'The site group was changed by someone else. Reload it to see the changes.';
/** Ours: the spec names only the failure. */
export const SITE_GROUP_SAVED_MESSAGE = 'Site group saved.';
/** spec/3 section 8. */
export const SITE_GROUP_FETCH_FAILED_MESSAGE = 'Failed to fetch sitegroup';
export const SITE_GROUP_SAVE_FAILED_MESSAGE = 'Failed to save sitegroup.';
