import { monthBoundaries } from '../model/calendar';
import type { PreparedPlan } from '../model/prepared-plan';

/** Days (since day 0) that end a calendar month, up to horizonDays (the horizon day itself included last). */
export function monthEndDays(day0Ms: number, horizonDays: number): number[] {
  const starts = monthBoundaries(day0Ms, horizonDays);
  const out: number[] = [];
  for (let i = 1; i < starts.length; i++) out.push(starts[i]! - 1);
  const last = Math.floor(horizonDays);
  if (out[out.length - 1] !== last) out.push(last);
  return out;
}

/** Days (since day 0) that end an ISO week (Sunday), up to horizonDays (the horizon day itself included last). */
export function weekEndDays(day0Ms: number, horizonDays: number): number[] {
  const weekday = new Date(day0Ms).getUTCDay(); // 0 = Sunday
  const out: number[] = [];
  const last = Math.floor(horizonDays);
  for (let d = (7 - weekday) % 7; d <= last; d += 7) out.push(d);
  if (out[out.length - 1] !== last) out.push(last);
  return out;
}

/** Sorted union of day arrays, without duplicates. */
export function mergeDays(...lists: readonly (readonly number[])[]): number[] {
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/**
 * The default forecast grid, days since day 0: every month end up to the horizon, every week end (Sunday) up to
 * the plan's weeklyGridEndDay (the horizon when absent), and the horizon day.
 */
export function defaultForecastGrid(
  plan: Pick<PreparedPlan, 'day0Ms' | 'horizonDays' | 'weeklyGridEndDay'>,
): number[] {
  const weeklyEnd = Math.min(plan.horizonDays, plan.weeklyGridEndDay ?? plan.horizonDays);
  return mergeDays(monthEndDays(plan.day0Ms, plan.horizonDays), weekEndDays(plan.day0Ms, weeklyEnd));
}

/** Calendar month (0-11) of every day 0..nDays-1, from the month boundaries (one Date per month, not per day). */
export function monthOfEachDay(day0Ms: number, nDays: number): Uint8Array {
  const out = new Uint8Array(nDays);
  const starts = monthBoundaries(day0Ms, nDays);
  let month = new Date(day0Ms).getUTCMonth();
  for (let i = 0; i < starts.length; i++) {
    const end = i + 1 < starts.length ? Math.min(starts[i + 1]!, nDays) : nDays;
    out.fill(month, starts[i]!, end);
    month = (month + 1) % 12;
  }
  return out;
}
