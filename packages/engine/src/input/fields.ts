import { z } from 'zod';
import { INPUT_LIMITS } from './limits';
import { MSG } from './messages';

export { INPUT_LIMITS };

/** A number whose "missing" and "not a number" errors carry the spec's messages. */
function num(kind: 'integer' | 'decimal') {
  return z.number({
    error: (issue) => (issue.input === undefined || issue.input === null ? MSG.empty : MSG[kind]),
  });
}

/** Integer in [min, max] (max optional), with the spec's range message. */
export function intIn(min: number, max?: number, message?: string) {
  const base = num('integer').int(MSG.integer);
  if (max === undefined) return base.min(min, message ?? MSG.atLeast(min));
  return base.min(min, message ?? MSG.range(min, max)).max(max, message ?? MSG.range(min, max));
}

/** Decimal in [min, max], with the spec's range message. */
export function decIn(min: number, max: number) {
  return num('decimal').min(min, MSG.range(min, max)).max(max, MSG.range(min, max));
}

/** The most days of a duration or an admin day count. */
export const DAYS_MAX = 99_999;

/** Non-negative whole days (admin day counts, durations). */
export const days = () => intIn(0, DAYS_MAX);

/** A date as ms since the epoch (UTC) from 1900 to 2199; stored at noon UTC, any time of the day is accepted. */
export const dateMillis = () =>
  z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? MSG.empty : 'Has to be a date.'),
    })
    .int('Has to be a date.')
    .min(INPUT_LIMITS.dateMillisMin, MSG.dateRange)
    .max(INPUT_LIMITS.dateMillisMax, MSG.dateRange);

/** Number of sites of a group (or a study), 1 to INPUT_LIMITS.sitesPerGroup ("at least 1" below it). */
export const siteCount = () =>
  num('integer')
    .int(MSG.integer)
    .min(1, MSG.atLeast(1))
    .max(INPUT_LIMITS.sitesPerGroup, MSG.range(1, INPUT_LIMITS.sitesPerGroup));

/** A number of patients, 1 to INPUT_LIMITS.patients; `positive` is the tier's message below 1. */
export const patientCount = (positive: string) =>
  num('integer')
    .int(MSG.integer)
    .min(1, positive)
    .max(INPUT_LIMITS.patients, MSG.range(1, INPUT_LIMITS.patients));

/** Patient bounds of a tier, both optional (country patient bounds). */
export const optionalPatientBounds = (positive: string) =>
  z.object({
    lowerBound: patientCount(positive).nullish(),
    upperBound: patientCount(positive).nullish(),
  });

/** Patient bounds of a tier, lower required (subjects to screen). */
export const requiredPatientBounds = (positive: string) =>
  z.object({ lowerBound: patientCount(positive), upperBound: patientCount(positive).nullish() });

/** Site-count bounds: lower required, upper optional, each 1 to INPUT_LIMITS.sitesPerGroup. */
export const siteBounds = () => z.object({ lowerBound: siteCount(), upperBound: siteCount().nullish() });
