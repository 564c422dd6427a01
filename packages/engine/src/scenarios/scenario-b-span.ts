/** Scenario B's Monte Carlo test: the share of replications whose FPI to LPI span fits the duration. */
import { MILESTONE_KEYS, NOT_REACHED, runReplications } from '../forecast';
import type { PreparedPlan } from '../model/prepared-plan';
import { MAX_HORIZON_DAYS } from '../prepare/prepare-plan';

const FPI = MILESTONE_KEYS.indexOf('fpi');
const LPI = MILESTONE_KEYS.indexOf('lpi');

/** The plan at `multiplier` x its base rates (the rates before any scenario B multiplier), same horizon. */
export function withRateMultiplier(prepared: PreparedPlan, multiplier: number): PreparedPlan {
  const applied = prepared.planLineRateMultiplier ?? 1;
  return {
    ...prepared,
    groups: prepared.groups.map((g) => ({
      ...g,
      screenRatePerSiteDay: (g.screenRatePerSiteDay / applied) * multiplier,
    })),
    planLineRateMultiplier: multiplier,
  };
}

/**
 * Share of replications [0, replications) of `seed` whose FPI to LPI span is at most `durationDays` (a replication
 * that does not reach LPI within the horizon does not fit). Run on the 15-year horizon with a one-day grid.
 */
export function probabilitySpanWithin(
  plan: PreparedPlan,
  durationDays: number,
  seed: number,
  replications: number,
): number {
  const chunk = runReplications(
    { ...plan, horizonDays: MAX_HORIZON_DAYS },
    { seed, from: 0, to: replications, grid: [0] },
  );
  const nM = MILESTONE_KEYS.length;
  let fit = 0;
  for (let r = 0; r < replications; r++) {
    const fpi = chunk.milestones[r * nM + FPI]!;
    const lpi = chunk.milestones[r * nM + LPI]!;
    if (fpi !== NOT_REACHED && lpi !== NOT_REACHED && lpi - fpi <= durationDays) fit++;
  }
  return replications > 0 ? fit / replications : 0;
}
