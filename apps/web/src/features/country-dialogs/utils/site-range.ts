import type { COUNTRY_START_UP_SIZES, SITE_ID_SIZES } from '@predict/shared';
import {
  DAYS_PER_MONTH_DISPLAY,
  PLAN_TYPE_RATES,
  UPPER_BELOW_LOWER_MESSAGE,
  checkNumber,
  siteIdEffort,
  type NumericInput,
} from '@predict/shared';

export type SiteIdSize = (typeof SITE_ID_SIZES)[number];
export type StartUpSize = (typeof COUNTRY_START_UP_SIZES)[number];

/** spec/1 section 9: the Site ID Effort tooltip, word for word. */
export const SITE_ID_EFFORT_TOOLTIP = 'Small 1-2 sites, Medium 3-10, Large 10+';

/** Scenario B (Duration) plans take a site range; scenario A (Rates) only a lower bound (spec/1 section 5). */
export const needsUpperBound = (plan: { studyPlanType: number }) => plan.studyPlanType !== PLAN_TYPE_RATES;

/** The engine's Site ID effort (1-2 Small, 3-10 Medium, above 10 Large) of a site count, once there is one. */
export function siteIdEffortFor(sites: number | null): SiteIdSize | null {
  if (sites === null || !Number.isFinite(sites) || sites < 1) return null;
  return siteIdEffort(sites);
}

/** Days shown with their months: '{days} days ({months} months)', months = days / 30.42 to 2 decimals. */
export const daysWithMonths = (days: number) =>
  `${days} days (${(days / DAYS_PER_MONTH_DISPLAY).toFixed(2)} months)`;

/** The site range as the dialogs hold it: text as typed. */
export interface SiteRange {
  lower: string;
  upper: string;
}

export interface SiteRangeCheck {
  lowerError?: string;
  upperError?: string;
  lower: number | null;
  upper: number | null;
  /** Every required bound is filled and valid. */
  complete: boolean;
}

/** Activated sites are whole numbers >= 1 (spec/1 section 5 "Country inputs"); the upper bound >= the lower. */
export function checkSiteRange(range: SiteRange, withUpper: boolean): SiteRangeCheck {
  const lower = checkNumber(range.lower, { integer: true, min: 1 });
  const upper = withUpper ? checkNumber(range.upper, { integer: true, min: 1 }) : {};
  let upperError = upper.message;
  if (!upperError && lower.value !== undefined && upper.value !== undefined && upper.value < lower.value) {
    upperError = UPPER_BELOW_LOWER_MESSAGE;
  }
  const lowerOk = lower.value !== undefined && !lower.message;
  const upperOk = !withUpper || (upper.value !== undefined && !upperError);
  return {
    lowerError: range.lower === '' ? undefined : lower.message,
    upperError: range.upper === '' ? undefined : upperError,
    lower: lower.value ?? null,
    upper: withUpper ? (upper.value ?? null) : null,
    complete: lowerOk && upperOk,
  };
}

/** The bound Site ID effort follows: the lower bound, or for scenario B the upper bound. */
export const effortBound = (check: SiteRangeCheck, withUpper: boolean) =>
  withUpper ? check.upper : check.lower;

/** The Site ID effort a range derives from its bound (see effortBound), once the bound is a site count. */
export const derivedSiteIdEffort = (range: SiteRange, withUpper: boolean) =>
  siteIdEffortFor(effortBound(checkSiteRange(range, withUpper), withUpper));

export const numericText = (value: NumericInput) =>
  value === null || value === undefined ? '' : String(value);
