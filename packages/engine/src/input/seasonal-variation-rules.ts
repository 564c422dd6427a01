import { MSG } from './messages';
import type { RuleIssue } from './numeric-rules';

/** The seasonal variation table has one value per month, January (month 0) to December (spec/1 section 5). */
export const SEASONAL_MONTHS = 12;

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
  if (value === null) return MSG.empty;
  if (value < SEASONAL_VARIATION_MIN || value > SEASONAL_VARIATION_MAX)
    return MSG.range(SEASONAL_VARIATION_MIN, SEASONAL_VARIATION_MAX);
  if (hasMoreThanTwoDecimals(value)) return MSG.twoDecimals;
  return undefined;
}

/**
 * The seasonal variation rules of spec/1 section 5 and spec/3 section 5: one value per month, each non-empty, from
 * 0 to 1 inclusive with at most 2 decimals, and not all zero (the form message).
 */
export function validateSeasonalVariations(values: Array<number | null>): SeasonalVariationErrors {
  const months = values.map(monthMessage);
  if (values.length !== SEASONAL_MONTHS) return { months, form: MSG.seasonalMonths };
  if (values.every((v) => v === 0)) return { months, form: MSG.allZero };
  return { months };
}

/** True when validateSeasonalVariations found nothing to show. */
export const seasonalVariationsAreValid = (errors: SeasonalVariationErrors) =>
  errors.form === undefined && errors.months.every((m) => m === undefined);

/** A seasonal variation row as plans, admin data and the engine's input hold it. */
export interface SeasonalVariationRow {
  enrollmentSeasonalMonth: number;
  enrollmentSeasonalVariation: number | null;
}

/**
 * validateSeasonalVariations on rows that name their month: the rows must give each month 0-11 once (else the one
 * table message); each message goes back to the row its month came from ([index, 'enrollmentSeasonalVariation']).
 */
export function seasonalVariationIssues(rows: readonly SeasonalVariationRow[]): RuleIssue[] {
  const months = rows.map((v) => v.enrollmentSeasonalMonth);
  const complete =
    rows.length === SEASONAL_MONTHS &&
    months.every((m) => Number.isInteger(m) && m >= 0 && m < SEASONAL_MONTHS) &&
    new Set(months).size === SEASONAL_MONTHS;
  if (!complete) return [{ path: [], message: MSG.seasonalMonths }];
  // The rules read the year from January; the messages go back to where each month was sent.
  const byMonth = [...rows.keys()].sort(
    (a, b) => rows[a]!.enrollmentSeasonalMonth - rows[b]!.enrollmentSeasonalMonth,
  );
  const errors = validateSeasonalVariations(byMonth.map((i) => rows[i]!.enrollmentSeasonalVariation));
  const issues: RuleIssue[] = [];
  errors.months.forEach((message, month) => {
    if (message) issues.push({ path: [byMonth[month]!, 'enrollmentSeasonalVariation'], message });
  });
  if (errors.form) issues.push({ path: [], message: errors.form });
  return issues;
}
