/**
 * Summaries of a forecast chunk. Quantiles are the lower inverse of the empirical CDF (the ceil(p R)-th smallest
 * of R values, "type 1"): always an observed value, monotone in p, and well defined when some replications do not
 * reach a milestone (those sort last; a quantile that lands on them is null, "not reached").
 */
import { countBands } from './dense-bands';
import { countHistograms, histogramBands, type CountHistograms } from './histograms';
import { MILESTONE_KEYS, NOT_REACHED, SERIES_KEYS, type Forecast, type ForecastChunk } from './types';
import type { MilestoneForecast, MilestoneKey, SeriesKey, StopRule } from './types';

/** Default levels (percent). */
export const DEFAULT_LEVELS: readonly number[] = [10, 50, 90];

/** Ascending unique levels in (0, 100), percent. */
export function normalizeLevels(levels: readonly number[] = DEFAULT_LEVELS): number[] {
  for (const l of levels) {
    if (!(l > 0 && l < 100)) throw new RangeError(`quantile level ${l} must be in (0, 100) percent`);
  }
  return [...new Set(levels)].sort((a, b) => a - b);
}

/** 1-based rank of the level-% quantile among n values (ceil(p n), at least 1). */
export function quantileRank(level: number, n: number): number {
  // The epsilon keeps 10% of 1000 at rank 100 despite 0.1 * 1000 = 100.00000000000001.
  return Math.min(n, Math.max(1, Math.ceil((level / 100) * n - 1e-9)));
}

/**
 * The k-th smallest (0-based) of a[lo..hi] (Hoare quickselect, median-of-three pivot); partially reorders a so
 * that a[lo..k-1] <= a[k] <= a[k+1..hi]. Values are finite or +Infinity (never NaN).
 */
function selectKth(a: Float64Array, lo: number, hi: number, k: number): number {
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // Median of three as the pivot value.
    let x = a[lo]!;
    let y = a[mid]!;
    const z = a[hi]!;
    if (x > y) {
      const t = x;
      x = y;
      y = t;
    }
    if (y > z) y = z;
    const pivot = x > y ? x : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/** Quantiles, probability and mean of milestone m over the n replications of the replication-major `milestones`. */
function summarizeMilestone(
  milestones: Float64Array,
  n: number,
  m: number,
  levels: number[],
): MilestoneForecast {
  const nM = MILESTONE_KEYS.length;
  const values = new Float64Array(n);
  let reached = 0;
  let sum = 0;
  for (let r = 0; r < n; r++) {
    const v = milestones[r * nM + m]!;
    if (v === NOT_REACHED) values[r] = Infinity;
    else {
      values[r] = v;
      reached++;
      sum += v;
    }
  }
  // Selection instead of a full sort: levels are ascending, so each rank is selected in the part above the last.
  const quantiles: (number | null)[] = [];
  let lo = 0;
  for (const l of levels) {
    if (n === 0) {
      quantiles.push(null);
      continue;
    }
    const k = quantileRank(l, n) - 1;
    const v = selectKth(values, lo, n - 1, k);
    lo = k;
    quantiles.push(v === Infinity ? null : v);
  }
  return {
    quantiles,
    probabilityReached: n > 0 ? reached / n : 0,
    meanIfReached: reached > 0 ? sum / reached : null,
  };
}

/**
 * The mergeable summary of a chunk (summarizeChunk), small enough to send from a worker thread instead of the
 * chunk: its milestones as they are (quantiles need every value, and their means are summed in replication order,
 * which only the raw values reproduce exactly) and the exact histograms of its grid counts.
 */
export interface ChunkSummary {
  seed: number;
  from: number;
  to: number;
  horizonDays: number;
  targetScreened: number;
  targetEnrolled: number;
  stopRule: StopRule;
  grid: Int32Array;
  /** As ForecastChunk.milestones (shared with the chunk, not copied). */
  milestones: Float64Array;
  histograms: CountHistograms;
}

/** The mergeable summary of a chunk (for a worker thread to send instead of the chunk); O(replications x grid). */
export function summarizeChunk(chunk: ForecastChunk): ChunkSummary {
  const n = chunk.to - chunk.from;
  return {
    seed: chunk.seed,
    from: chunk.from,
    to: chunk.to,
    horizonDays: chunk.horizonDays,
    targetScreened: chunk.targetScreened,
    targetEnrolled: chunk.targetEnrolled,
    stopRule: chunk.stopRule,
    grid: chunk.grid,
    milestones: chunk.milestones,
    histograms: countHistograms(chunk.counts, chunk.grid.length, n),
  };
}

/** The Forecast of n replications' milestones and band statistics (fill(ranks, bands, means) computes the bands). */
function buildForecast(
  meta: Omit<ChunkSummary, 'milestones' | 'histograms'>,
  milestoneValues: Float64Array,
  levels: readonly number[],
  fill: (ranks: Int32Array, bands: Float64Array, means: Float64Array) => void,
): Forecast {
  const lv = normalizeLevels(levels);
  const n = meta.to - meta.from;
  const milestones = {} as Record<MilestoneKey, MilestoneForecast>;
  MILESTONE_KEYS.forEach((key, m) => {
    milestones[key] = summarizeMilestone(milestoneValues, n, m, lv);
  });
  const G = meta.grid.length;
  const C = SERIES_KEYS.length * G;
  const ranks = Int32Array.from(lv, (l) => (n > 0 ? quantileRank(l, n) : 1));
  const bandValues = new Float64Array(lv.length * C);
  const meanValues = new Float64Array(C);
  fill(ranks, bandValues, meanValues);
  const bands = {} as Record<SeriesKey, number[][]>;
  const bandMeans = {} as Record<SeriesKey, number[]>;
  SERIES_KEYS.forEach((key, s) => {
    bands[key] = lv.map((_, l) => Array.from(bandValues.subarray(l * C + s * G, l * C + (s + 1) * G)));
    bandMeans[key] = Array.from(meanValues.subarray(s * G, (s + 1) * G));
  });
  return {
    seed: meta.seed,
    replications: n,
    levels: lv,
    horizonDays: meta.horizonDays,
    targetScreened: meta.targetScreened,
    targetEnrolled: meta.targetEnrolled,
    milestones,
    gridDays: Array.from(meta.grid),
    bands,
    bandMeans,
  };
}

/**
 * The forecast of a (merged) chunk summary: milestone quantiles, probabilities and means, count bands and means.
 * Equal to summarizeForecast of the chunk it summarizes (the same histograms, scanned the same way).
 */
export function forecastFromSummary(
  summary: ChunkSummary,
  levels: readonly number[] = DEFAULT_LEVELS,
): Forecast {
  return buildForecast(summary, summary.milestones, levels, (ranks, bands, means) =>
    histogramBands(summary.histograms, ranks, bands, means),
  );
}

/** Milestone quantiles (days since day 0), probabilities of reaching them, and count bands at the grid days. */
export function summarizeForecast(
  chunk: ForecastChunk,
  levels: readonly number[] = DEFAULT_LEVELS,
): Forecast {
  const n = chunk.to - chunk.from;
  return buildForecast(chunk, chunk.milestones, levels, (ranks, bands, means) =>
    countBands(chunk.counts, chunk.grid.length, n, ranks, bands, means),
  );
}
