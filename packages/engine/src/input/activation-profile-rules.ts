import { MSG } from './messages';

/** The activation profile table has 11 slots, in plans and in admin data alike (spec/1 section 5). */
export const ACTIVATION_PROFILE_MAX_ROWS = 11;

/** One column of the activation profile table: cumulative number of sites and days since first activation. */
export type ActivationProfilePoint = { sites: number | null; days: number | null };

export interface ActivationProfileErrors {
  /** Per input row (same indexes as the argument), the message under each cell. */
  points: Array<{ sites?: string; days?: string }>;
  form?: string;
}

const isEmpty = (p: ActivationProfilePoint) => p.sites === null && p.days === null;

/** The message a value earns against the previous filled value of its row, if any. */
function orderMessage(
  value: number,
  previous: number | undefined,
  messages: { negative: string; increasing: string; duplicates: string },
): string | undefined {
  if (value < 0) return messages.negative;
  if (previous === undefined) return undefined;
  if (value < previous) return messages.increasing;
  if (value === previous) return messages.duplicates;
  return undefined;
}

/**
 * The activation profile rules of spec/1 section 5 (the admin screen and the engine's input share them, spec/3 section 5): '# of Sites'
 * and 'Days' each non-negative, non-decreasing and without duplicates. Fully empty columns are ignored; a half-filled
 * one is checked as if its empty cell were 0, which is what leaving the cell makes of it (completeActivationPair).
 */
export function validateActivationProfile(points: ActivationProfilePoint[]): ActivationProfileErrors {
  const errors: ActivationProfileErrors = { points: points.map(() => ({})) };
  let previous: { sites: number; days: number } | undefined;
  let filled = 0;
  points.forEach((point, index) => {
    if (isEmpty(point)) return;
    filled += 1;
    const current = { sites: point.sites ?? 0, days: point.days ?? 0 };
    const cell = errors.points[index] ?? {};
    const sites = orderMessage(current.sites, previous?.sites, {
      negative: MSG.sitesNonNegative,
      increasing: MSG.sitesIncreasing,
      duplicates: MSG.sitesDuplicates,
    });
    const days = orderMessage(current.days, previous?.days, {
      negative: MSG.daysNonNegative,
      increasing: MSG.daysIncreasing,
      duplicates: MSG.daysDuplicates,
    });
    if (sites) cell.sites = sites;
    if (days) cell.days = days;
    previous = current;
  });
  if (filled > ACTIVATION_PROFILE_MAX_ROWS) errors.form = MSG.profileRows;
  return errors;
}

/** True when validateActivationProfile found nothing to show. */
export const activationProfileIsValid = (errors: ActivationProfileErrors) =>
  errors.form === undefined && errors.points.every((p) => p.sites === undefined && p.days === undefined);

/** On blur (spec/1 section 5): when only one cell of a pair is filled, the other becomes 0. */
export function completeActivationPair(point: ActivationProfilePoint): ActivationProfilePoint {
  if (point.sites === null && point.days !== null) return { sites: 0, days: point.days };
  if (point.days === null && point.sites !== null) return { sites: point.sites, days: 0 };
  return point;
}
