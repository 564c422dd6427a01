import {
  checkNumber,
  seasonalVariationIssues,
  validateActivationProfile,
  type NumberRule,
} from '@predict/engine';
import { INTEGER_MESSAGE } from '../schemas/common';

/**
 * Largest day count a site group keeps: ours (the spec names no upper limit), so a slip of the keyboard cannot
 * store decades. With it the form shows the spec's range message 'Has to be a value from 0 to 9999.'.
 */
export const SITE_GROUP_DAYS_MAX = 9999;

const DAYS_RULE: NumberRule = { integer: true, min: 0, max: SITE_GROUP_DAYS_MAX, required: true };

/** The day fields of a site group, in the order the screen shows them. */
export const SITE_GROUP_DAY_FIELDS = [
  'timeSiteIdSmallDays',
  'timeSiteIdMediumDays',
  'timeSiteIdLargeDays',
  'timeCountryStartUpSuperShortDays',
  'timeCountryStartUpShortDays',
  'timeCountryStartUpMediumDays',
  'timeCountryStartUpLongDays',
  'packagePrepDays',
  'firstSiteIdDays',
  'timeSIVDays',
  'timeFirstPatientScreenDays',
] as const;
export type SiteGroupDayField = (typeof SITE_GROUP_DAY_FIELDS)[number];

/** What the admin form edits, with null for an empty input. */
export type AdminSiteGroupValues = Record<SiteGroupDayField, number | null> & {
  isRollingSubmission: 0 | 1;
  activationProfiles: Array<{
    siteActivationProfilePct: number | null;
    siteActivationProfileDays: number | null;
  }>;
  enrollmentVariations: Array<{
    enrollmentSeasonalMonth: number;
    enrollmentSeasonalVariation: number | null;
  }>;
};

export interface SiteGroupIssue {
  /** Path of the field inside the values, e.g. ['activationProfiles', 2, 'siteActivationProfileDays']. */
  path: (string | number)[];
  message: string;
}

function profileIssues(profiles: AdminSiteGroupValues['activationProfiles']): SiteGroupIssue[] {
  const issues: SiteGroupIssue[] = [];
  const errors = validateActivationProfile(
    profiles.map((p) => ({ sites: p.siteActivationProfilePct, days: p.siteActivationProfileDays })),
  );
  profiles.forEach((p, index) => {
    const cell = errors.points[index];
    const cells = [
      ['siteActivationProfilePct', p.siteActivationProfilePct, cell?.sites],
      ['siteActivationProfileDays', p.siteActivationProfileDays, cell?.days],
    ] as const;
    for (const [field, value, message] of cells) {
      // Both rows hold whole numbers on this screen (the sites input takes no '.'); that comes before order.
      const shown = value !== null && !Number.isInteger(value) ? INTEGER_MESSAGE : message;
      if (shown) issues.push({ path: ['activationProfiles', index, field], message: shown });
    }
  });
  if (errors.form) issues.push({ path: ['activationProfiles'], message: errors.form });
  return issues;
}

function seasonalIssues(variations: AdminSiteGroupValues['enrollmentVariations']): SiteGroupIssue[] {
  return seasonalVariationIssues(variations).map((issue) => ({
    path: ['enrollmentVariations', ...issue.path],
    message: issue.message,
  }));
}

/**
 * Every rule of the admin site-group screen (spec/3 sections 4 and 5) with its message at its field: the day counts
 * are whole numbers from 0; the days to first site ID count only with rolling submission (without it they are 0);
 * the activation profile and seasonal variation rules of spec/1 section 5. The form and the save call use this.
 */
export function validateAdminSiteGroup(values: AdminSiteGroupValues): SiteGroupIssue[] {
  const issues: SiteGroupIssue[] = [];
  for (const field of SITE_GROUP_DAY_FIELDS) {
    if (field === 'firstSiteIdDays' && values.isRollingSubmission === 0) continue;
    const { message } = checkNumber(values[field], DAYS_RULE);
    if (message) issues.push({ path: [field], message });
  }
  return [
    ...issues,
    ...profileIssues(values.activationProfiles),
    ...seasonalIssues(values.enrollmentVariations),
  ];
}
