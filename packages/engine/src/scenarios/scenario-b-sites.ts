/**
 * Scenario B site-count search (simulation model section 6): with the rates fixed, choose the number of sites per
 * group within [lower, upper] so that P(LPI - FPI <= duration) reaches the confidence with the fewest site-months.
 *
 * Greedy marginal allocation on the analytic path (section 8): start every group at its lower bound; while the
 * analytic probability is below the confidence, try one more site in every group still below its upper bound and
 * add the one with the best gain in probability per added site-month. When the analytic path says the target is
 * met, the Monte Carlo confirms it (the same span test as solveScenarioB); if it does not, the search goes on. Two
 * limits stop it early: a time limit (seconds, measured with the caller's clock `now`, since the engine reads no
 * clock) and a number of consecutive analytic evaluations that did not improve the best probability.
 *
 * The analytic score: P(A_N <= a_1 + duration), A_N the arrival of the target-th enrolled patient (at screening)
 * and a_1 the median first enrolled arrival, from the Gamma-matched intensity. Fixing FPI at its median ignores
 * that FPI and LPI move together (start-up, study factor), so the score is conservative; it only ranks candidates
 * and the Monte Carlo decides. Pauses and caps are ignored by the score (not by the Monte Carlo).
 */
import { buildMomentModel, intensityMoments, probabilityAtLeast } from '../analytic';
import type { PreparedPlan } from '../model/prepared-plan';
import { FALLBACK_ACTIVATION_SPACING_DAYS } from '../prepare/activation';
import { forecastSpan } from '../prepare/prepare-plan';
import { DAYS_PER_MONTH } from '../time';
import { probabilitySpanWithin, withRateMultiplier } from './scenario-b-span';

/** Site-count bounds of one group (inclusive); null = the group keeps its current number of sites. */
export interface SiteBounds {
  lower: number;
  upper: number;
}

export interface SiteSearchOptions {
  durationDays: number;
  /** Required probability in (0, 1) (default 0.5). */
  confidence?: number;
  /** Per group of `prepared`, in order. */
  bounds: readonly (SiteBounds | null)[];
  /** Multiplier on the base rates (prepared rates / planLineRateMultiplier); default 1 = the input rates. */
  rateMultiplier?: number;
  /** Monte Carlo confirmation: seed and replications (default 2,000). */
  seed: number;
  replications?: number;
  /** simOptSecondsSpentLimit: stop after this many seconds of `now` (default: no limit). */
  secondsLimit?: number | null;
  /** simOptUnimprovedScoreCalculationLimit: stop after this many evaluations without improvement (default none). */
  unimprovedLimit?: number | null;
  /** Clock in milliseconds, supplied by the caller (e.g. () => performance.now()); needed for secondsLimit. */
  now?: () => number;
}

export type SiteSearchStop = 'target' | 'upper-bounds' | 'time' | 'unimproved';

export interface SiteSearchResult {
  /** Chosen number of sites per group, aligned with prepared.groups. */
  siteCounts: { key: string; name: string; sites: number }[];
  /** Analytic score of the chosen counts. */
  analyticProbability: number;
  /** Monte Carlo P(LPI - FPI <= duration) of the chosen counts (seed, replications). */
  probability: number;
  /** probability >= confidence. */
  targetMet: boolean;
  /** Plan-line site-months of screening exposure up to FPI median + duration (the cost minimised). */
  siteMonths: number;
  /** Why the search stopped: 'target' whenever targetMet, else the limit it ran into. */
  stoppedBy: SiteSearchStop;
  /** Analytic evaluations and Monte Carlo confirmations run. */
  evaluations: number;
  monteCarloRuns: number;
  /** The plan with the chosen site counts (activation offsets cut or extended), horizon recomputed. */
  plan: PreparedPlan;
}

/** The plan with `counts[g]` sites in group g: the first counts[g] activation offsets, extended every 30 days. */
export function withSiteCounts(prepared: PreparedPlan, counts: readonly number[]): PreparedPlan {
  return {
    ...prepared,
    groups: prepared.groups.map((g, i) => {
      const n = counts[i]!;
      const offsets = g.activationOffsets.slice(0, n);
      while (offsets.length < n) {
        const last = offsets.length > 0 ? offsets[offsets.length - 1]! : -FALLBACK_ACTIVATION_SPACING_DAYS;
        offsets.push(last + FALLBACK_ACTIVATION_SPACING_DAYS);
      }
      return { ...g, activationOffsets: offsets };
    }),
  };
}

/** Analytic score and the end day of the enrollment window (median first arrival + duration). */
function analyticScore(plan: PreparedPlan, durationDays: number): { p: number; end: number } {
  const model = buildMomentModel(plan, 8);
  const limit = model.nDays;
  const P = (n: number, t: number): number => {
    const m = intensityMoments(model, Math.min(t, limit), true);
    return probabilityAtLeast(n, m.mean, m.variance);
  };
  if (P(1, limit) < 0.5) return { p: 0, end: limit };
  let lo = 0;
  let hi = limit;
  while (hi - lo > 0.25) {
    const mid = (lo + hi) / 2;
    if (P(1, mid) < 0.5) lo = mid;
    else hi = mid;
  }
  const end = hi + durationDays;
  return { p: P(plan.targetEnrolled, end), end };
}

/** Site-months of screening exposure from each site's first screening to day `end`, plan-line activations. */
function siteMonths(plan: PreparedPlan, end: number): number {
  let days = 0;
  for (const g of plan.groups) {
    for (const o of g.activationOffsets) {
      days += Math.max(0, end - (g.milestones.firstSiteActivation + o + g.firstScreenDelayDays));
    }
  }
  return days / DAYS_PER_MONTH;
}

/** Each group's lower and upper site count (a lower bound above its upper is the upper); no bounds: the plan's. */
function siteBounds(
  prepared: PreparedPlan,
  bounds: SiteSearchOptions['bounds'],
): { lower: number[]; upper: number[] } {
  if (bounds.length !== prepared.groups.length) throw new RangeError('one bounds entry per group');
  const planned = (i: number) => prepared.groups[i]!.activationOffsets.length;
  return {
    lower: bounds.map((b, i) => (b ? Math.max(0, Math.min(b.lower, b.upper)) : planned(i))),
    upper: bounds.map((b, i) => (b ? Math.max(0, b.upper) : planned(i))),
  };
}

/** Whether the search's time is up (options.secondsLimit on options.now's clock); never without both. */
function timeLimit({ now, secondsLimit }: Pick<SiteSearchOptions, 'now' | 'secondsLimit'>): () => boolean {
  const t0 = now ? now() : 0;
  return () => now !== undefined && secondsLimit != null && now() - t0 >= secondsLimit * 1000;
}

/** Site-count search within bounds (see the file comment). Deterministic for a seed and a clock. */
export function searchSiteCounts(prepared: PreparedPlan, options: SiteSearchOptions): SiteSearchResult {
  const confidence = options.confidence ?? 0.5;
  const replications = options.replications ?? 2000;
  const D = options.durationDays;
  if (!(D > 0)) throw new RangeError('durationDays must be a positive number');
  if (!(confidence > 0 && confidence < 1)) throw new RangeError('confidence must be in (0, 1)');
  const rated = withRateMultiplier(prepared, options.rateMultiplier ?? 1);
  const { lower, upper } = siteBounds(prepared, options.bounds);
  const timeUp = timeLimit(options);
  const unimprovedLimit = options.unimprovedLimit ?? Infinity;

  const counts = [...lower];
  let evaluations = 0;
  let monteCarloRuns = 0;
  const evaluate = (c: readonly number[]) => {
    evaluations++;
    const plan = withSiteCounts(rated, c);
    const s = analyticScore(plan, D);
    return { ...s, cost: siteMonths(plan, s.end) };
  };
  const confirm = (c: readonly number[]): number => {
    monteCarloRuns++;
    return probabilitySpanWithin(withSiteCounts(rated, c), D, options.seed, replications);
  };

  let current = evaluate(counts);
  let best = current.p;
  let unimproved = 0;
  let stoppedBy: SiteSearchStop | null = null;
  let mc: number | null = null;
  let confirmedAt = -1; // analytic probability at which the last confirmation failed
  while (stoppedBy === null) {
    if (current.p >= confidence && current.p !== confirmedAt) {
      mc = confirm(counts);
      if (mc >= confidence) {
        stoppedBy = 'target';
        break;
      }
      confirmedAt = current.p;
    }
    const candidates = counts.flatMap((n, g) => (n < upper[g]! ? [g] : []));
    if (candidates.length === 0) {
      stoppedBy = 'upper-bounds';
      break;
    }
    let pick: { g: number; gain: number; s: ReturnType<typeof evaluate> } | null = null;
    for (const g of candidates) {
      if (timeUp()) {
        stoppedBy = 'time';
        break;
      }
      counts[g]!++;
      const s = evaluate(counts);
      counts[g]!--;
      if (s.p > best + 1e-12) {
        best = s.p;
        unimproved = 0;
      } else unimproved++;
      // Gain per added site-month; ties (no gain, e.g. probability 0 or 1) go to the cheaper site.
      const gain = (s.p - current.p) / Math.max(1e-9, s.cost - current.cost);
      if (!pick || gain > pick.gain || (gain === pick.gain && s.cost < pick.s.cost)) pick = { g, gain, s };
      if (unimproved >= unimprovedLimit) {
        stoppedBy = 'unimproved';
        break;
      }
    }
    if (stoppedBy !== null || !pick) break;
    counts[pick.g]!++;
    current = pick.s;
    mc = null;
  }
  const probability = mc ?? confirm(counts);
  const chosen = withSiteCounts(rated, counts);
  const targetMet = probability >= confidence;
  return {
    siteCounts: prepared.groups.map((g, i) => ({ key: g.key, name: g.name, sites: counts[i]! })),
    analyticProbability: current.p,
    probability,
    targetMet,
    siteMonths: current.cost,
    // The conservative analytic score can stop the search (bounds, time, no gain) on counts the Monte Carlo then
    // finds sufficient: those counts meet the target, and the stop says so.
    stoppedBy: targetMet ? 'target' : (stoppedBy ?? 'upper-bounds'),
    evaluations,
    monteCarloRuns,
    plan: { ...chosen, ...forecastSpan(chosen) },
  };
}
