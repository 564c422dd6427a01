import type { PreparedPlan } from '../model/prepared-plan';
import { computePlanLine } from '../plan-line/compute-plan-line';

function enrollmentSpan(prepared: PreparedPlan, multiplier: number): number {
  const scaled: PreparedPlan = {
    ...prepared,
    groups: prepared.groups.map((g) => ({ ...g, screenRatePerSiteDay: g.screenRatePerSiteDay * multiplier })),
  };
  const m = computePlanLine(scaled).milestones;
  if (m.lastEnrolled === null || m.firstEnrolled === null) return Infinity;
  return m.lastEnrolled - m.firstEnrolled;
}

/**
 * Scenario B on the plan line: the rate multiplier c (applied to every group's rate) for which FPI to LPI takes
 * `durationDays`, by bisection on log c (the span only shrinks as c grows). Returns the smallest c found whose span
 * fits; when even a 1000x rate cannot fit (start-up spread alone is too long), returns that upper limit.
 */
export function solveDurationMultiplier(prepared: PreparedPlan, durationDays: number): number {
  let lo = 1e-3;
  let hi = 1e3;
  if (enrollmentSpan(prepared, hi) > durationDays) return hi;
  if (enrollmentSpan(prepared, lo) <= durationDays) return lo;
  for (let k = 0; k < 40; k++) {
    const mid = Math.sqrt(lo * hi);
    if (enrollmentSpan(prepared, mid) <= durationDays) hi = mid;
    else lo = mid;
    if (hi / lo < 1 + 1e-4) break;
  }
  return hi;
}
