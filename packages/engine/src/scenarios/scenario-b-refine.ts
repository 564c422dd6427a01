/**
 * Scenario B's second stage and its check (issue 13, item 14). The first stage (solveScenarioB's bisection on
 * `replications`) fixes the multiplier to within its Monte Carlo error: the share of a fresh sample that fits at the
 * solved multiplier has SD sqrt(p (1 - p) / R), 0.009 at p = 0.8 and R = 2,000. The second stage re-solves on
 * enough replications R2 of the same seed that this SD is at most `precision` (0.004: |error| <= 0.01 in 98.8% of
 * solves), starting from a narrow bracket around the first answer, so it needs a few runs of R2 rather than the
 * 12-16 of a full bisection. The check then measures the achieved confidence on an independent seed.
 */
import { INPUT_LIMITS } from '../input/limits';
import type { PreparedPlan } from '../model/prepared-plan';
import { probabilitySpanWithin } from './scenario-b-span';

/** Default target SD of the solved confidence (probability): 0.01 / 2.5. */
export const SCENARIO_B_PRECISION = 0.004;

/** Replications whose binomial SD at probability p is at most `precision` (capped at the replication limit). */
export function replicationsForPrecision(p: number, precision: number): number {
  return Math.min(INPUT_LIMITS.replications, Math.ceil((p * (1 - p)) / (precision * precision)));
}

/** A seed whose replication streams are independent of `seed`'s (any other seed is; this one stays safe). */
export function checkSeedOf(seed: number): number {
  const step = 1_000_003;
  return seed <= Number.MAX_SAFE_INTEGER - step ? seed + step : seed - step;
}

export interface RefineResult {
  multiplier: number;
  /** Share of the R2 replications that fit at `multiplier` (p up to the last bracket's interpolation). */
  probability: number;
  feasible: boolean;
  evaluations: number;
}

/**
 * The multiplier at which a share p of R replications fit (`share(c)`: the share of the same R replications of one
 * seed that fit at multiplier c, non-decreasing in c), searched from [c1 / 1.02, c1 x 1.02] widened as needed; steps
 * alternate a log-linear interpolation of the share (near the root it is nearly linear in log c) and a bisection
 * until the bracket is `tolerance` wide (relative), then the bracket's interpolated crossing is the answer: its share
 * differs from p by far less than the Monte Carlo SD the stage is sized for. Scenario B's second stage and Remodel
 * (D)'s forecast solve both use it.
 */
export function refineMultiplier(
  shareAt: (multiplier: number) => number,
  o: { p: number; replications: number; c1: number; maxC: number },
  tolerance: number,
): RefineResult {
  const R = o.replications;
  const need = Math.ceil(o.p * R - 1e-9);
  let evaluations = 0;
  const share = (c: number): number => {
    evaluations++;
    return shareAt(c);
  };
  const fits = (q: number): boolean => Math.round(q * R) >= need;
  let step = 1.02;
  let lo = o.c1 / step;
  let hi = Math.min(o.maxC, o.c1 * step);
  let pLo = share(lo);
  let pHi = share(hi);
  while (fits(pLo) && lo > 1e-6) {
    hi = lo;
    pHi = pLo;
    step *= step;
    lo /= step;
    pLo = share(lo);
  }
  if (fits(pLo)) return { multiplier: lo, probability: pLo, feasible: true, evaluations };
  while (!fits(pHi) && hi < o.maxC) {
    lo = hi;
    pLo = pHi;
    step *= step;
    hi = Math.min(o.maxC, hi * step);
    pHi = share(hi);
  }
  if (!fits(pHi)) return { multiplier: o.maxC, probability: pHi, feasible: false, evaluations };
  // Interpolated point of the bracket where the share crosses p (kept off the ends).
  const crossing = (t0: number) => {
    const t = Math.min(1 - t0, Math.max(t0, (o.p - pLo) / (pHi - pLo)));
    return Math.exp(Math.log(lo) + t * (Math.log(hi) - Math.log(lo)));
  };
  for (let k = 0; hi / lo > 1 + tolerance && k < 40; k++) {
    // Interpolate on even steps, bisect on odd ones.
    const mid = k % 2 === 0 ? crossing(0.1) : Math.sqrt(lo * hi);
    const q = share(mid);
    if (fits(q)) {
      hi = mid;
      pHi = q;
    } else {
      lo = mid;
      pLo = q;
    }
  }
  // The last bracket is narrow: its interpolated crossing is the answer (its share within the bracket's steps of p).
  const c = crossing(0);
  const q = c === hi ? pHi : share(c);
  return { multiplier: c, probability: q, feasible: true, evaluations };
}

/** The achieved confidence on an independent seed, with its Monte Carlo standard error. */
export interface ScenarioBCheck {
  /** Share of the check's replications with LPI - FPI <= duration at the solved rates. */
  probability: number;
  /** Binomial standard error of `probability`: sqrt(p (1 - p) / replications). */
  standardError: number;
  seed: number;
  replications: number;
}

/** Runs the check of a solved plan (its rates as solved) on `checkSeedOf(seed)`. */
export function checkScenarioB(
  solved: PreparedPlan,
  durationDays: number,
  seed: number,
  replications: number,
): ScenarioBCheck {
  const checkSeed = checkSeedOf(seed);
  const probability = probabilitySpanWithin(solved, durationDays, checkSeed, replications);
  return {
    probability,
    standardError: Math.sqrt((probability * (1 - probability)) / replications),
    seed: checkSeed,
    replications,
  };
}
