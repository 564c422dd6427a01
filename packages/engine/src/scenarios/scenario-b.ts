/**
 * Scenario B (Duration, simulation model section 6): the rate multiplier c on every group's rate such that
 * P(LPI - FPI <= duration) reaches the plan's confidence, solved on the Monte Carlo with common random numbers.
 *
 * Method. Replication r of a seed draws the same uniforms whatever the rates (the study, start-up, country and
 * site factors come first, then the arrivals invert the cumulative intensity at the same Exp(1) coordinates; the
 * rate only scales that intensity), so each replication has its own root c_r: the multiplier at which its FPI to
 * LPI span equals the duration. The span is non-increasing in c (both arrival times move earlier, the later one by
 * more, unless the intensity grew about N-fold between FPI and LPI or a pause or cap intervenes; see the README),
 * so {c_r <= c} = {span_r(c) <= duration} and the empirical CDF of {c_r} at c is the share F(c) of
 * replications that fit at c. The `confidence` quantile of {c_r} (the ceil(pR)-th smallest root) is therefore the
 * smallest c with F(c) >= p, found by bisection on log c over whole runs of the same R replications: about
 * 12-16 runs of R replications (bracket from the plan-line multiplier by doubling / halving, then bisection to a
 * relative width of `tolerance`), instead of R separate bisections. A second stage (scenario-b-refine.ts) then
 * re-solves on enough replications that the solved confidence is within +-0.01 out of sample in about 99% of solves,
 * and a check on an independent seed reports the achieved confidence with its Monte Carlo error.
 */
import type { PreparedPlan } from '../model/prepared-plan';
import { forecastSpan } from '../prepare/prepare-plan';
import { solveDurationMultiplier } from '../prepare/solve-duration';
import { DAYS_PER_MONTH } from '../time';

/** Options of solveScenarioB. */
export interface ScenarioBOptions {
  /** Overall enrollment duration, FPI to LPI, days (overallEnrollmentDuration x 30.4375). */
  durationDays: number;
  /** Required P(LPI - FPI <= duration), in (0, 1) (default 0.5; the plan's percent / 100). */
  confidence?: number;
  /** Seed of the Monte Carlo (store it with the run). */
  seed: number;
  /** Replications per evaluation (default 2,000). */
  replications?: number;
  /** Largest multiplier tried (default 1,000): beyond it the target is reported infeasible. */
  maxMultiplier?: number;
  /** Relative width of the final bracket on c (default 1e-3). */
  tolerance?: number;
  /**
   * Target Monte Carlo SD of the solved confidence (default SCENARIO_B_PRECISION = 0.004): a second stage re-solves
   * on as many replications of the seed as that needs, when `replications` are fewer. null: first stage only.
   */
  precision?: number | null;
  /** Measure the achieved confidence on an independent seed (default true). */
  check?: boolean;
}

/** The solved rates of one group. */
export interface ScenarioBGroupRate {
  key: string;
  name: string;
  /** Required enrollment rate, patients/site/month (screening rate x (1 - screen fail) x 30.4375). */
  enrollmentRatePerSiteMonth: number;
  /** Required screening rate, patients/site/day. */
  screenRatePerSiteDay: number;
}

export interface ScenarioBSolution {
  /**
   * Multiplier on the base rates (the groups' input rates, or the study rate, or 1 patient/site/month), i.e. the
   * rates of `prepared` divided by its planLineRateMultiplier. When infeasible: maxMultiplier.
   */
  multiplier: number;
  /**
   * Share of the solve's replications with LPI - FPI <= duration at `multiplier`: >= confidence when feasible after
   * the first stage; after the second, the confidence up to its interpolation (e.g. 0.7996 for 0.8).
   */
  achievedProbability: number;
  /** False when even maxMultiplier cannot reach the confidence (pauses, caps or start-up spread too long). */
  feasible: boolean;
  /** When infeasible: the best achievable probability (at maxMultiplier); else equal to achievedProbability. */
  bestProbability: number;
  confidence: number;
  durationDays: number;
  seed: number;
  replications: number;
  /** The multiplier the plan line alone needs (the 50% deterministic answer), the bracket's starting point. */
  planLineMultiplier: number;
  /** Monte Carlo runs (the cost): of `replications` each, then of `solveReplications` in the second stage. */
  evaluations: number;
  /** Replications of the final stage (`replications` when there is no second stage). */
  solveReplications: number;
  /** The achieved confidence on an independent seed with its standard error (null: not checked or infeasible). */
  check: ScenarioBCheck | null;
  groupRates: ScenarioBGroupRate[];
  /** The plan with the solved rates: planLineRateMultiplier = multiplier, horizon recomputed. */
  plan: PreparedPlan;
}

import {
  checkScenarioB,
  refineMultiplier,
  replicationsForPrecision,
  SCENARIO_B_PRECISION,
  type ScenarioBCheck,
} from './scenario-b-refine';
import { probabilitySpanWithin, withRateMultiplier } from './scenario-b-span';

export { probabilitySpanWithin, withRateMultiplier } from './scenario-b-span';
export { SCENARIO_B_PRECISION, type ScenarioBCheck } from './scenario-b-refine';

/** Relative bracket width at which the second stage interpolates its answer (share slopes are about 1 per log c). */
const STAGE2_TOLERANCE = 0.01;

function checkOptions(o: ScenarioBOptions, confidence: number, replications: number): void {
  if (!(o.durationDays > 0) || !Number.isFinite(o.durationDays)) {
    throw new RangeError('durationDays must be a positive number');
  }
  if (!(confidence > 0 && confidence < 1)) throw new RangeError('confidence must be in (0, 1)');
  if (!Number.isSafeInteger(replications) || replications < 1) {
    throw new RangeError('replications must be a positive integer');
  }
}

/**
 * Solves scenario B at the requested confidence (see the file comment for the method). Deterministic for a seed.
 * The returned plan carries the solved rates; the plan line and the forecast then run on it.
 */
export function solveScenarioB(prepared: PreparedPlan, options: ScenarioBOptions): ScenarioBSolution {
  const confidence = options.confidence ?? 0.5;
  const replications = options.replications ?? 2000;
  checkOptions(options, confidence, replications);
  const maxC = options.maxMultiplier ?? 1000;
  const precision = options.precision === undefined ? SCENARIO_B_PRECISION : options.precision;
  const R2 = precision === null ? 0 : replicationsForPrecision(confidence, precision);
  // A second stage re-solves anyway: the first only needs to get within its own Monte Carlo error (about 1% of c).
  const tol = R2 > replications ? STAGE2_TOLERANCE : (options.tolerance ?? 1e-3);
  const D = options.durationDays;
  // F(c) >= p  <=>  at least ceil(pR) replications fit  <=>  the ceil(pR)-th smallest root is <= c.
  const need = Math.ceil(confidence * replications - 1e-9);
  let evaluations = 0;
  const share = (c: number): number => {
    evaluations++;
    return probabilitySpanWithin(withRateMultiplier(prepared, c), D, options.seed, replications);
  };
  const fits = (p: number): boolean => Math.round(p * replications) >= need;

  const base = withRateMultiplier(prepared, 1);
  const planLineMultiplier = Math.min(maxC, Math.max(1e-3, solveDurationMultiplier(base, D)));
  let lo: number; // F(lo) < p (or the lower limit)
  let hi: number; // F(hi) >= p
  let pHi: number;
  const p0 = share(planLineMultiplier);
  if (fits(p0)) {
    hi = planLineMultiplier;
    pHi = p0;
    lo = hi / 2;
    for (;;) {
      const p = share(lo);
      if (!fits(p)) break;
      hi = lo;
      pHi = p;
      if (lo < 1e-6) break; // fits at any rate: durations beyond the horizon, nothing to solve
      lo /= 2;
    }
  } else {
    lo = planLineMultiplier;
    hi = Math.min(maxC, lo * 2);
    pHi = share(hi);
    while (!fits(pHi) && hi < maxC) {
      lo = hi;
      hi = Math.min(maxC, hi * 2);
      pHi = share(hi);
    }
    if (!fits(pHi)) return solution(prepared, options, maxC, pHi, false, planLineMultiplier, evaluations);
  }
  while (hi / lo > 1 + tol) {
    const mid = Math.sqrt(lo * hi);
    const p = share(mid);
    if (fits(p)) {
      hi = mid;
      pHi = p;
    } else lo = mid;
  }
  if (R2 <= replications) return solution(prepared, options, hi, pHi, true, planLineMultiplier, evaluations);
  const stage2 = refineMultiplier(
    (c) => probabilitySpanWithin(withRateMultiplier(prepared, c), D, options.seed, R2),
    { p: confidence, replications: R2, c1: hi, maxC },
    STAGE2_TOLERANCE,
  );
  return solution(
    prepared,
    options,
    stage2.multiplier,
    stage2.probability,
    stage2.feasible,
    planLineMultiplier,
    evaluations + stage2.evaluations,
    R2,
  );
}

function solution(
  prepared: PreparedPlan,
  options: ScenarioBOptions,
  multiplier: number,
  probability: number,
  feasible: boolean,
  planLineMultiplier: number,
  evaluations: number,
  solveReplications = options.replications ?? 2000,
): ScenarioBSolution {
  const scaled = withRateMultiplier(prepared, multiplier);
  const plan = { ...scaled, ...forecastSpan(scaled) };
  const check =
    feasible && options.check !== false
      ? checkScenarioB(plan, options.durationDays, options.seed, solveReplications)
      : null;
  return {
    multiplier,
    achievedProbability: probability,
    feasible,
    bestProbability: probability,
    confidence: options.confidence ?? 0.5,
    durationDays: options.durationDays,
    seed: options.seed,
    replications: options.replications ?? 2000,
    planLineMultiplier,
    evaluations,
    solveReplications,
    check,
    groupRates: plan.groups.map((g) => ({
      key: g.key,
      name: g.name,
      screenRatePerSiteDay: g.screenRatePerSiteDay,
      enrollmentRatePerSiteMonth: g.screenRatePerSiteDay * (1 - g.screenFailRate) * DAYS_PER_MONTH,
    })),
    plan,
  };
}
