/** The Site ID efforts of a country (spec/1 section 3). */
export const SITE_ID_EFFORTS = ['Small', 'Medium', 'Large'] as const;
export type SiteIdEffort = (typeof SITE_ID_EFFORTS)[number];

/** The country start-up time frames (spec/1 section 3). */
export const START_UP_SIZES = ['Super Short', 'Short', 'Medium', 'Long'] as const;
export type StartUpSize = (typeof START_UP_SIZES)[number];

/** Site ID effort from a number of sites: 1-2 Small, 3-10 Medium, above 10 Large (spec/1 section 9). */
export function siteIdEffort(sites: number): SiteIdEffort {
  if (sites <= 2) return 'Small';
  if (sites <= 10) return 'Medium';
  return 'Large';
}

/** The day counts of a site group (admin data) for each start-up time frame and Site ID effort. */
export interface SiteGroupDays {
  timeCountryStartUpSuperShortDays: number;
  timeCountryStartUpShortDays: number;
  timeCountryStartUpMediumDays: number;
  timeCountryStartUpLongDays: number;
  timeSiteIdSmallDays: number;
  timeSiteIdMediumDays: number;
  timeSiteIdLargeDays: number;
}

/** Days (from the site group's admin data) that a start-up time frame takes. */
export function startUpDaysFor(group: SiteGroupDays, size: StartUpSize): number {
  switch (size) {
    case 'Super Short':
      return group.timeCountryStartUpSuperShortDays;
    case 'Short':
      return group.timeCountryStartUpShortDays;
    case 'Medium':
      return group.timeCountryStartUpMediumDays;
    case 'Long':
      return group.timeCountryStartUpLongDays;
  }
}

/** Days (from the site group's admin data) that site identification takes at a Site ID effort. */
export function siteIdDaysFor(group: SiteGroupDays, size: SiteIdEffort): number {
  if (size === 'Small') return group.timeSiteIdSmallDays;
  return size === 'Medium' ? group.timeSiteIdMediumDays : group.timeSiteIdLargeDays;
}
