/**
 * Analytic milestone quantiles (simulation model section 8; Anisimov & Fedorov 2007): with L(t) ~ Gamma of
 * matched mean m and variance v (shape m^2/v, scale v/m), N(t) is negative binomial and
 * P(N(t) >= n) = I_{s/(1+s)}(n, m^2/v) with s = v/m. Milestone quantiles follow by bisection in t.
 * Ignores pauses, caps and cohorts (use the Monte Carlo for those).
 */
import type { PreparedPlan } from '../model/prepared-plan';
import { normalizeLevels } from '../forecast/summarize';
import { buildMomentModel, intensityMoments, type MomentModel } from './moments';
import { betaRegularized, gammaRegularizedP } from './special-functions';

export const ANALYTIC_MILESTONE_KEYS = [
  'fsiv',
  'lastActivation',
  'fps',
  'fpi',
  'enrolled25',
  'enrolled50',
  'enrolled75',
  'lpi',
  'lastTreatment',
  'lplv',
] as const;
export type AnalyticMilestoneKey = (typeof ANALYTIC_MILESTONE_KEYS)[number];

export interface AnalyticMilestone {
  /** Quantile per level (days since day 0), null when the level is not reached within the horizon. */
  quantiles: (number | null)[];
  probabilityReached: number;
}

export interface AnalyticForecast {
  levels: number[];
  milestones: Record<AnalyticMilestoneKey, AnalyticMilestone>;
}

/** P(N(t) >= n) for a count whose intensity integral has mean m and variance v (negative binomial). */
export function probabilityAtLeast(n: number, mean: number, variance: number): number {
  if (n <= 0) return 1;
  if (!(mean > 0)) return 0;
  // No intensity uncertainty left: N(t) is Poisson(mean), P(N >= n) = P(n, mean).
  if (variance <= 1e-12 * mean * mean) return gammaRegularizedP(n, mean);
  const scale = variance / mean;
  return betaRegularized(scale / (1 + scale), n, (mean * mean) / variance);
}

/**
 * Smallest t in [0, maxDay] with cdf(t) >= p, or null when cdf(maxDay) < p: bisection over whole days (so that
 * the moment cache is shared by every level and milestone), then linear interpolation of the CDF within the day.
 */
function invert(cdf: (day: number) => number, p: number, maxDay: number): number | null {
  if (maxDay < 0 || cdf(maxDay) < p) return null;
  let lo = -1; // cdf(lo) < p (virtually: nothing happens before day 0)
  let hi = maxDay; // cdf(hi) >= p
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (cdf(mid) < p) lo = mid;
    else hi = mid;
  }
  if (lo < 0) return 0;
  const c0 = cdf(lo);
  const c1 = cdf(hi);
  return c1 > c0 ? lo + (p - c0) / (c1 - c0) : hi;
}

/** CDF of the first (min) or last (max) activation over groups: start-up factor f ~ Gamma(k, k) per group. */
function activationCdf(plan: PreparedPlan, last: boolean): (t: number) => number {
  const cv = plan.uncertainty.startupCv;
  const k = cv > 0 ? 1 / (cv * cv) : 0;
  const parts = plan.groups
    .filter((g) => g.activationOffsets.length > 0)
    .map((g) => ({
      day:
        g.milestones.firstSiteActivation +
        (last ? Math.max(...g.activationOffsets) : Math.min(...g.activationOffsets)),
      span: Math.max(0, g.startupSpanDays),
    }));
  // P(day + (f - 1) span <= t) per group.
  const groupCdf = (day: number, span: number, t: number): number => {
    if (k === 0 || span === 0) return t >= day ? 1 : 0;
    const f = 1 + (t - day) / span;
    return f <= 0 ? 0 : gammaRegularizedP(k, k * f);
  };
  return (t) => {
    let prod = 1;
    for (const { day, span } of parts) prod *= last ? groupCdf(day, span, t) : 1 - groupCdf(day, span, t);
    return last ? prod : 1 - prod;
  };
}

/** Moments of L(t) at whole days, computed on first use (shared by all milestones of one process). */
class MomentCache {
  private readonly mean: Float64Array;
  private readonly variance: Float64Array;

  constructor(
    private readonly model: MomentModel,
    private readonly pass: boolean,
  ) {
    this.mean = new Float64Array(model.nDays + 1).fill(NaN);
    this.variance = new Float64Array(model.nDays + 1);
  }

  /** CDF of the n-th arrival at (the end of) whole day `day`, i.e. P(N(day) >= n). */
  cdf(n: number): (day: number) => number {
    return (day) => {
      if (Number.isNaN(this.mean[day])) {
        const m = intensityMoments(this.model, day, this.pass);
        this.mean[day] = m.mean;
        this.variance[day] = m.variance;
      }
      return probabilityAtLeast(n, this.mean[day]!, this.variance[day]!);
    };
  }
}

/**
 * Analytic quantiles (days since day 0) of the forecast milestones at `levels` (percent). lastTreatment and lplv
 * are LPI + treatment (+ follow-up) days: they assume the last patient enrolled completes.
 */
export function analyticMilestones(
  plan: PreparedPlan,
  levels: readonly number[] = [10, 50, 90],
  nodes = 16,
): AnalyticForecast {
  const lv = normalizeLevels(levels);
  const model = buildMomentModel(plan, nodes);
  const limit = model.nDays; // end of the horizon day
  const target = plan.targetEnrolled;
  const sd = plan.screeningDays;
  const screenedCache = new MomentCache(model, false);
  const enrolledCache = new MomentCache(model, true);
  const shifted = (cdf: (day: number) => number, shift: number): AnalyticMilestone => {
    // Milestone time = arrival time + shift; reached when it is before the end of the horizon.
    const maxDay = Math.floor(limit - shift);
    return {
      quantiles: lv.map((l) => {
        const q = invert(cdf, l / 100, maxDay);
        return q === null ? null : q + shift;
      }),
      probabilityReached: maxDay >= 0 ? cdf(maxDay) : 0,
    };
  };
  const enrolled = (n: number, shift: number): AnalyticMilestone => shifted(enrolledCache.cdf(n), sd + shift);
  const share = (f: number): number => Math.max(1, Math.ceil(f * target));
  return {
    levels: lv,
    milestones: {
      fsiv: shifted(activationCdf(plan, false), 0),
      lastActivation: shifted(activationCdf(plan, true), 0),
      fps: shifted(screenedCache.cdf(1), 0),
      fpi: enrolled(1, 0),
      enrolled25: enrolled(share(0.25), 0),
      enrolled50: enrolled(share(0.5), 0),
      enrolled75: enrolled(share(0.75), 0),
      lpi: enrolled(target, 0),
      lastTreatment: enrolled(target, plan.treatmentDays),
      lplv: enrolled(target, plan.treatmentDays + plan.followUpDays),
    },
  };
}
