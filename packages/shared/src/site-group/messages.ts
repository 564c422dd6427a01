/** Site-group messages of spec/1 section 5 and spec/3 section 5, word for word, and ours where the spec has none. */
export const SITES_INCREASING_MESSAGE = 'Number of sites should be increasing.';
export const SITES_DUPLICATES_MESSAGE = 'Number of sites should not have duplicates.';
export const SITES_NON_NEGATIVE_MESSAGE = 'Number of sites should be non-negative.';
export const DAYS_INCREASING_MESSAGE = 'Days should be increasing.';
export const DAYS_NON_NEGATIVE_MESSAGE = 'Days should be non-negative.';
export const DAYS_DUPLICATES_MESSAGE = 'Days should not have duplicates.';
export const ALL_ZERO_MESSAGE = 'Cannot all be zero.';

/** Ours: the form has 11 slots, so only the API can send more. */
export const ACTIVATION_PROFILE_ROWS_MESSAGE = 'At most 11 activation profile rows.';
/** Ours: the spec allows "at most 2 decimals" without a message. */
export const TWO_DECIMALS_MESSAGE = 'Has to have at most 2 decimals.';
/** Ours: the form always shows 12 months, so only the API can send another count. */
export const SEASONAL_MONTHS_MESSAGE = 'Has to have one value for each month, Jan to Dec.';
/** Ours: a save based on an older version of the site group (409). */
export const SITE_GROUP_VERSION_CONFLICT_MESSAGE =
  'The site group was changed by someone else. Reload it to see the changes.';
/** Ours: the spec names only the failure. */
export const SITE_GROUP_SAVED_MESSAGE = 'Site group saved.';
/** spec/3 section 8. */
export const SITE_GROUP_FETCH_FAILED_MESSAGE = 'Failed to fetch sitegroup';
export const SITE_GROUP_SAVE_FAILED_MESSAGE = 'Failed to save sitegroup.';
