/**
 * Remodel (D), spec/3 'Overall Enrollment Duration': the go-forward rates that put the plan line's last patient
 * enrolled on a chosen date. One common multiplier scales every group's go-forward rate (each group keeps its own
 * rate choice relative to the others); it is found by bisection on the assembled plan line, like scenario B's
 * search on its span.
 */
import type { PreparedGroup } from '../model/prepared-plan';

/** Highest go-forward enrollment rate the solve may reach, patients/site/month (the engine's 'other' rate limit). */
export const REMODEL_MAX_RATE_PER_MONTH = 100;
const MIN_MULTIPLIER = 1e-3;
/** Bisection stops when the bracket's ratio is below this (well under a day of LPI on any plan). */
const RATIO_TOLERANCE = 1e-5;

/** What the duration solve found. */
export interface RemodelDurationSolve {
  /** The target day (days since day 0). */
  targetDay: number;
  /** The factor applied to every group's go-forward rate. */
  multiplier: number;
  /** False when even the highest rate cannot enroll the last patient by the target (the fastest plan is kept). */
  reached: boolean;
  /** Solved on the forecast (remodelPlanOnForecast): the plan line's own factor, where the search started. */
  planLineMultiplier?: number;
  /** Solved on the forecast: the share of the solve's replications with LPI on or before the target (about 0.5). */
  forecastShare?: number;
}

/**
 * The projection's groups at `multiplier` x their go-forward screening rate (Remodel (D)); the Monte Carlo then
 * takes the scaled rates as stated ones (remodel.ts), so that it forecasts the rate the plan line needs rather than
 * drifting back to the observed one.
 */
export function scaledGroups(groups: readonly PreparedGroup[], multiplier: number): PreparedGroup[] {
  return groups.map((g) => ({ ...g, screenRatePerSiteDay: g.screenRatePerSiteDay * multiplier }));
}

/**
 * The smallest multiplier in [MIN_MULTIPLIER, maxMultiplier] whose plan-line LPI (`lpiAt`, days since day 0, null
 * when not reached) is on or before `targetDay`: the slowest go-forward pace that still makes the date, so the LPI
 * falls on it. LPI is non-increasing in the multiplier.
 */
export function solveRateMultiplier(
  lpiAt: (multiplier: number) => number | null,
  targetDay: number,
  maxMultiplier: number,
): RemodelDurationSolve {
  const fits = (m: number) => {
    const lpi = lpiAt(m);
    return lpi !== null && lpi <= targetDay;
  };
  let lo = Math.min(MIN_MULTIPLIER, maxMultiplier);
  let hi = Math.max(lo, maxMultiplier);
  if (!fits(hi)) return { targetDay, multiplier: hi, reached: false };
  if (fits(lo)) return { targetDay, multiplier: lo, reached: true };
  while (hi / lo > 1 + RATIO_TOLERANCE) {
    const mid = Math.sqrt(lo * hi);
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  return { targetDay, multiplier: hi, reached: true };
}
