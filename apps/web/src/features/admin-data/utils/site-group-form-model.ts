import {
  SEASONAL_MONTH_NAMES,
  ACTIVATION_PROFILE_MAX_ROWS,
  completeActivationPair,
  parseNumeric,
  SEASONAL_MONTHS,
  SITE_GROUP_DAY_FIELDS,
  validateAdminSiteGroup,
  type AdminSiteGroup,
  type AdminSiteGroupSaveInput,
  type AdminSiteGroupValues,
  type SiteGroupDayField,
} from '@predict/shared';

/** The admin form as typed: text per input, so that what the user sees is what is kept. */
export interface SiteGroupForm {
  days: Record<SiteGroupDayField, string>;
  isRollingSubmission: 0 | 1;
  /** Always 11 columns; empty ones are ''. */
  profile: Array<{ sites: string; days: string }>;
  /** January to December. */
  months: string[];
}

/** Messages by field path, as the shared rules and the server name them (e.g. 'activationProfiles.2.siteActivationProfileDays'). */
export type FieldErrors = Record<string, string>;

export const MONTH_LABELS = SEASONAL_MONTH_NAMES;

export const profilePath = (index: number, cell: 'sites' | 'days') =>
  `activationProfiles.${index}.${cell === 'sites' ? 'siteActivationProfilePct' : 'siteActivationProfileDays'}`;
export const monthPath = (month: number) => `enrollmentVariations.${month}.enrollmentSeasonalVariation`;

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function formFromSiteGroup(group: AdminSiteGroup): SiteGroupForm {
  const days = Object.fromEntries(
    SITE_GROUP_DAY_FIELDS.map((f) => [f, text(group[f])]),
  ) as SiteGroupForm['days'];
  const profile = Array.from({ length: ACTIVATION_PROFILE_MAX_ROWS }, (_, i) => {
    const point = group.activationProfiles[i];
    return { sites: text(point?.siteActivationProfilePct), days: text(point?.siteActivationProfileDays) };
  });
  const months = Array.from({ length: SEASONAL_MONTHS }, (_, m) =>
    text(
      group.enrollmentVariations.find((v) => v.enrollmentSeasonalMonth === m)?.enrollmentSeasonalVariation,
    ),
  );
  return { days, isRollingSubmission: group.isRollingSubmission, profile, months };
}

/** Inputs only let numbers through, so text that does not read as one is empty. */
const numberOf = (value: string) => {
  const parsed = parseNumeric(value);
  return parsed.kind === 'number' ? parsed.value : null;
};

function formValues(form: SiteGroupForm): AdminSiteGroupValues {
  const days = Object.fromEntries(SITE_GROUP_DAY_FIELDS.map((f) => [f, numberOf(form.days[f])])) as Record<
    SiteGroupDayField,
    number | null
  >;
  return {
    ...days,
    isRollingSubmission: form.isRollingSubmission,
    activationProfiles: form.profile.map((p) => ({
      siteActivationProfilePct: numberOf(p.sites),
      siteActivationProfileDays: numberOf(p.days),
    })),
    enrollmentVariations: form.months.map((v, m) => ({
      enrollmentSeasonalMonth: m,
      enrollmentSeasonalVariation: numberOf(v),
    })),
  };
}

/** The shared rules' messages for the form, by path (the same rules the save call applies). */
export function validateForm(form: SiteGroupForm): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validateAdminSiteGroup(formValues(form))) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * The save body. All 11 profile columns are sent (the server drops empty ones), so that the server's messages
 * name the same column indexes as the form.
 */
export function saveBody(form: SiteGroupForm, group: AdminSiteGroup): AdminSiteGroupSaveInput {
  return { ...formValues(form), siteGroupId: group.siteGroupId, version: group.version };
}

/** On leaving a profile cell (spec/1 section 5): when only one of the pair is filled, the other becomes 0. */
export function completeProfileColumn(column: { sites: string; days: string }) {
  const done = completeActivationPair({ sites: numberOf(column.sites), days: numberOf(column.days) });
  return { sites: text(done.sites), days: text(done.days) };
}

/**
 * A numeric input (spec/3 section 5): digits with one optional decimal part, a leading '.' read as '0.'. Anything
 * else typed is dropped, so letters and signs never reach the form.
 */
export function acceptDecimalText(raw: string, previous: string): string {
  const next = raw.startsWith('.') ? `0${raw}` : raw;
  return next === '' || /^\d+(\.\d*)?$/.test(next) ? next : previous;
}

/** The '# of Sites' input: whole numbers only ('.', '-', 'e', 'E' blocked), leading zeros stripped. */
export function acceptSitesText(raw: string, previous: string): string {
  if (!/^\d*$/.test(raw)) return previous;
  return raw.replace(/^0+(?=\d)/, '');
}
