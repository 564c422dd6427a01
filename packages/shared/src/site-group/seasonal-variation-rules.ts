import { SEASONAL_MONTHS } from '../plan/constants';
import { rangeMessage, REQUIRED_MESSAGE } from '../schemas/common';
import { ALL_ZERO_MESSAGE, SEASONAL_MONTHS_MESSAGE, TWO_DECIMALS_MESSAGE } from './messages';

// One constant for plans and admin data: both show the same Jan-Dec table.
export { SEASONAL_MONTHS };

export const SEASONAL_VARIATION_MIN = 0;
export const SEASONAL_VARIATION_MAX = 1;
export const SEASONAL_VARIATION_DECIMALS = 2;

export interface SeasonalVariationErrors {
  /** Per month (same indexes as the argument), the message under its input. */
  months: Array<string | undefined>;
  form?: string;
}

/** More than two decimals; the tolerance keeps binary floating point (0.29 * 100) from counting as a third. */
export const hasMoreThanTwoDecimals = (value: number) => {
  const scaled = value * 10 ** SEASONAL_VARIATION_DECIMALS;
  return Math.abs(scaled - Math.round(scaled)) > 1e-9;
};

function monthMessage(value: number | null): string | undefined {
  if (value === null) return REQUIRED_MESSAGE;
  if (value < SEASONAL_VARIATION_MIN || value > SEASONAL_VARIATION_MAX)
    return rangeMessage(SEASONAL_VARIATION_MIN, SEASONAL_VARIATION_MAX);
  if (hasMoreThanTwoDecimals(value)) return TWO_DECIMALS_MESSAGE;
  return undefined;
}

/**
 * The seasonal variation rules of spec/1 section 5 and spec/3 section 5: one value per month, each non-empty, from
 * 0 to 1 inclusive with at most 2 decimals, and not all zero (the form message).
 */
export function validateSeasonalVariations(values: Array<number | null>): SeasonalVariationErrors {
  const months = values.map(monthMessage);
  if (values.length !== SEASONAL_MONTHS) return { months, form: SEASONAL_MONTHS_MESSAGE };
  if (values.every((v) => v === 0)) return { months, form: ALL_ZERO_MESSAGE };
  return { months };
}

/** True when validateSeasonalVariations found nothing to show. */
export const seasonalVariationsAreValid = (errors: SeasonalVariationErrors) =>
  errors.form === undefined && errors.months.every((m) => m === undefined);

/** The months of the seasonal variation tables, January first (month 0). */
export const SEASONAL_MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
