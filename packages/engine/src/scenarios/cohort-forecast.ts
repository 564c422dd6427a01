/**
 * The Monte Carlo of a sequential cohort chain (simulation model section 6 with section 7's uncertainty): each
 * replication runs the chain of `cohortChain` with random enrollment, so every cohort's phase ends drive the next
 * cohort's start in that replication.
 *
 * Model per replication: the network's passing screens (patients who will enroll) arrive as a Poisson process
 * whose intensity is the plan line's full-capacity flow of each group times the replication's study rate factor
 * theta ~ Gamma(k, k) (CV `studyRateCv`) and the group's factor ~ Gamma(k, k) (CV `countryRateCv`). A cohort
 * takes every arrival while it is the earliest open cohort in chain order (the plan line's sharing rule). By the
 * time-change theorem for point processes, cohort k then fills when the intensity it was offered since its start
 * reaches an independent Gamma(patients_k, 1) draw, so the chain's daily walk with `need` = that draw (instead of
 * patients) simulates the arrival process exactly, at day resolution (the last screening day is the day the
 * need is met). Site activation dates and site-level factors are the plan line's (not drawn).
 */
import type { CohortRow } from '../input/schema-plan';
import { countryRateCvOf, type PreparedPlan } from '../model/prepared-plan';
import { MAX_HORIZON_DAYS } from '../prepare/prepare-plan';
import { quantileRank } from '../forecast/summarize';
import { gamma } from '../rng/distributions';
import { Xoshiro128 } from '../rng/xoshiro';
import { earliestFps, networkIntensity } from './cohort-network';
import { chainOrder } from './cohorts';

/** The five dates of a cohort row, in phase order. */
export const COHORT_FORECAST_POINTS = ['start', 'screeningEnd', 'enrollingEnd', 'dtlEnd', 'srcEnd'] as const;
export type CohortForecastPoint = (typeof COHORT_FORECAST_POINTS)[number];

/** Quantiles of one date of one cohort (days since day 0). */
export interface CohortPointForecast {
  /** Per level (aligned with `levels`): the quantile day, null when it falls on replications that never reach it. */
  quantiles: (number | null)[];
  /** Share of replications that reach the date within the horizon. */
  probabilityReached: number;
}

export interface CohortForecast {
  seed: number;
  replications: number;
  /** Levels in percent, ascending. */
  levels: number[];
  /** Per cohort row (input order): the quantiles of its start and phase ends. */
  rows: Record<CohortForecastPoint, CohortPointForecast>[];
  /** The last enrollment of all cohorts with patients (LPI of the plan), when some cohort enrolls. */
  lastEnrolled: CohortPointForecast | null;
}

/** The chain's inputs: cohort rows and the per-group full-capacity passing flows (patients per day). */
export interface CohortForecastInput {
  cohorts: readonly CohortRow[];
  /** Per group: expected patients passing screening per day at full capacity (index = day since day 0). */
  groupPassing: readonly Float64Array[];
  /** The first cohort's start day (earliest FPS), or null when no group has a site. */
  firstStartDay: number | null;
}

export interface CohortForecastOptions {
  seed: number;
  replications: number;
  /** Levels in percent (default 10, 50, 90). */
  levels?: readonly number[];
  /** CV of the study rate factor (0 = none). */
  studyRateCv: number;
  /** CV of each group's rate factor (0 = none). */
  countryRateCv: number;
}

/** Gamma(k, k) with CV `cv` (mean 1); exactly 1 when cv is 0. */
function meanOneFactor(rng: Xoshiro128, cv: number): number {
  if (!(cv > 0)) return 1;
  const k = 1 / (cv * cv);
  return gamma(rng, k) / k;
}

/** The stream offset of the cohort Monte Carlo, so that its draws differ from the plan forecast's of the seed. */
const COHORT_STREAM_SEED = 0x5eed_c0;

/**
 * Runs `replications` replications of the cohort chain (see the module comment) and summarizes each cohort's start
 * and phase ends as quantiles (type 1, as the plan forecast; unreached values sort last). Days since day 0.
 * O(replications x (cohort days walked x groups)).
 */
export function cohortChainForecast(
  input: CohortForecastInput,
  options: CohortForecastOptions,
): CohortForecast {
  const { cohorts, groupPassing, firstStartDay } = input;
  const levels = [...new Set(options.levels ?? [10, 50, 90])].sort((a, b) => a - b);
  const R = options.replications;
  const K = cohorts.length;
  const G = groupPassing.length;
  const n = groupPassing[0]?.length ?? 0;
  const H = n - 1;
  const P = COHORT_FORECAST_POINTS.length;
  const order = chainOrder(cohorts);
  const index = new Map(cohorts.map((c, k) => [c.cohortName, k]));
  const phaseIndex = { Screening: 1, Enrolling: 2, DTL: 3, SRC: 4 } as const;
  // values[(p * K + k) * R + r]: day of point p of cohort k in replication r (Infinity = not reached).
  const values = new Float64Array(P * K * R).fill(Infinity);
  const lpi = new Float64Array(R).fill(Infinity);
  const free = new Float64Array(n);
  const factor = new Float64Array(G);
  const day = new Float64Array(P * K);
  const rng = new Xoshiro128();
  const enrolling = cohorts.some((c) => c.patients > 0);
  for (let r = 0; r < R; r++) {
    rng.seedStream(options.seed + COHORT_STREAM_SEED, r);
    const theta = meanOneFactor(rng, options.studyRateCv);
    for (let g = 0; g < G; g++) factor[g] = theta * meanOneFactor(rng, options.countryRateCv);
    free.fill(1);
    day.fill(NaN);
    let last = -Infinity;
    for (const k of order) {
      const c = cohorts[k]!;
      const need0 = c.patients > 0 ? gamma(rng, c.patients) : 0;
      const pred = c.predecessorCohortName ? index.get(c.predecessorCohortName) : undefined;
      let start: number;
      if (pred === undefined || pred === k) {
        if (firstStartDay === null) continue;
        start = firstStartDay;
      } else {
        const end = day[phaseIndex[c.predecessorActivity ?? 'SRC'] * K + pred]!;
        if (Number.isNaN(end)) continue;
        start = end + c.lagDays;
      }
      if (start > H) continue;
      day[k] = start;
      day[K + k] = start + c.screeningDurationDays;
      const lastDay = fillCohort(need0, start, groupPassing, factor, free);
      if (lastDay === null) continue; // not filled within the horizon
      const enrollingEnd = start + c.screeningDurationDays + (lastDay - start);
      day[2 * K + k] = enrollingEnd;
      day[3 * K + k] = enrollingEnd + c.dtlDurationDays;
      day[4 * K + k] = enrollingEnd + c.dtlDurationDays + c.srcDurationDays;
      if (c.patients > 0) last = Math.max(last, enrollingEnd);
    }
    let allEnrolled = enrolling;
    for (let k = 0; k < K; k++) {
      for (let p = 0; p < P; p++) {
        const v = day[p * K + k]!;
        if (!Number.isNaN(v) && v <= H) values[(p * K + k) * R + r] = v;
      }
      if (cohorts[k]!.patients > 0 && !(day[2 * K + k]! <= H)) allEnrolled = false;
    }
    if (allEnrolled) lpi[r] = last;
  }
  const summarize = (a: Float64Array) => summarizePoint(a, levels);
  const rows = cohorts.map((_, k) => {
    const out = {} as Record<CohortForecastPoint, CohortPointForecast>;
    COHORT_FORECAST_POINTS.forEach((p, i) => {
      out[p] = summarize(values.subarray((i * K + k) * R, (i * K + k + 1) * R));
    });
    return out;
  });
  return {
    seed: options.seed,
    replications: R,
    levels,
    rows,
    lastEnrolled: enrolling ? summarize(lpi) : null,
  };
}

/**
 * Takes a cohort's `need` patients from the free share of each day's passing patients from day `start` on (the
 * factors scale the groups' rates; `free` loses what is taken). Returns the last day taken from, null when the
 * horizon ends first.
 */
function fillCohort(
  need0: number,
  start: number,
  groupPassing: readonly Float64Array[],
  factor: Float64Array,
  free: Float64Array,
): number | null {
  const n = free.length;
  const G = groupPassing.length;
  let need = need0;
  let lastDay = start;
  for (let d = start; d < n && need > 1e-12; d++) {
    let full = 0;
    for (let g = 0; g < G; g++) full += factor[g]! * groupPassing[g]![d]!;
    const avail = full * free[d]!;
    if (avail <= 0) continue;
    free[d]! -= avail >= need ? (need / avail) * free[d]! : free[d]!;
    need -= Math.min(avail, need);
    lastDay = d;
  }
  return need > 1e-12 ? null : lastDay;
}

/** Type-1 quantiles at `levels` of one point's days over the replications (unreached = Infinity sorts last). */
function summarizePoint(a: Float64Array, levels: readonly number[]): CohortPointForecast {
  const R = a.length;
  const sorted = Float64Array.from(a).sort();
  let reached = 0;
  for (const v of sorted) if (v !== Infinity) reached++;
  return {
    quantiles: levels.map((l) => {
      const v = R > 0 ? sorted[quantileRank(l, R) - 1]! : Infinity;
      return v === Infinity ? null : v;
    }),
    probabilityReached: R > 0 ? reached / R : 0,
  };
}

/** The cohort Monte Carlo of a prepared sequential cohort plan, on its plan line's network and uncertainty CVs. */
export function cohortForecast(
  cohorts: readonly CohortRow[],
  prepared: PreparedPlan,
  options: { seed: number; replications: number; levels?: readonly number[] },
): CohortForecast {
  const net = networkIntensity(prepared, MAX_HORIZON_DAYS);
  const groupPassing = prepared.groups.map((g, i) =>
    net.groupScreened[i]!.map((v) => v * (1 - g.screenFailRate)),
  );
  return cohortChainForecast(
    { cohorts, groupPassing, firstStartDay: earliestFps(prepared) },
    {
      ...options,
      studyRateCv: prepared.uncertainty.studyRateCv,
      countryRateCv: countryRateCvOf(prepared.uncertainty),
    },
  );
}
