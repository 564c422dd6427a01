import { z } from 'zod';
import { MSG } from './messages';

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

/** A date as ms since the epoch (UTC); stored at noon UTC, any time of the day is accepted. */
export const dateMillis = () =>
  z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? MSG.empty : 'Has to be a date.'),
    })
    .int();

/** Lower and upper bound of a count; both optional (e.g. country patient bounds). */
export const optionalBounds = (min: number, message?: string) =>
  z.object({
    lowerBound: intIn(min, undefined, message).nullish(),
    upperBound: intIn(min, undefined, message).nullish(),
  });

/** Lower bound required, upper optional (sites to activate, subjects to screen, country sites). */
export const requiredBounds = (min: number, message?: string) =>
  z.object({
    lowerBound: intIn(min, undefined, message),
    upperBound: intIn(min, undefined, message).nullish(),
  });
