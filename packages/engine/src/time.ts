/** Days in a month for rates (patients/site/month); the model's section 2. */
export const DAYS_PER_MONTH = 30.4375;
/** Days in a month for the spec's "months = days / 30.42" displays. */
export const DISPLAY_DAYS_PER_MONTH = 30.42;
/** Milliseconds in a day. */
export const MS_PER_DAY = 86_400_000;

/** Converts days to display months (days / 30.42), rounded to 2 decimals. */
export function daysToDisplayMonths(days: number): number {
  return Math.round((days / DISPLAY_DAYS_PER_MONTH) * 100) / 100;
}
