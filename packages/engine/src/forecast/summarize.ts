/**
 * Summaries of a forecast chunk. Quantiles are the lower inverse of the empirical CDF (the ceil(p R)-th smallest
 * of R values, "type 1"): always an observed value, monotone in p, and well defined when some replications do not
 * reach a milestone (those sort last; a quantile that lands on them is null, "not reached").
 */
import { MILESTONE_KEYS, NOT_REACHED, SERIES_KEYS, type Forecast, type ForecastChunk } from './types';
import type { MilestoneForecast, MilestoneKey, SeriesKey } from './types';

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

function summarizeMilestone(chunk: ForecastChunk, m: number, levels: number[]): MilestoneForecast {
  const nM = MILESTONE_KEYS.length;
  const n = chunk.to - chunk.from;
  const values = new Float64Array(n);
  let reached = 0;
  let sum = 0;
  for (let r = 0; r < n; r++) {
    const v = chunk.milestones[r * nM + m]!;
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

const BLOCK = 32;

/**
 * Band quantiles of one series: per grid day, a histogram of the integer counts (O(R + range)).
 * The layout is replication-major, so blocks of grid days are first transposed into a small column buffer of the
 * counts' own width: rows are read contiguously and each column's histogram stays in cache. One pass over a column
 * fills its histogram, its sum and its range; the ranks are then found by a cumulative scan of the range.
 */
function summarizeSeries(
  chunk: ForecastChunk,
  s: number,
  levels: number[],
): { bands: number[][]; means: number[] } {
  const G = chunk.grid.length;
  const n = chunk.to - chunk.from;
  const stride = SERIES_KEYS.length * G;
  const bands = levels.map(() => new Array<number>(G).fill(0));
  const means = new Array<number>(G).fill(0);
  if (n === 0) return { bands, means };
  const ranks = levels.map((l) => quantileRank(l, n));
  const counts = chunk.counts;
  const columns = counts instanceof Uint16Array ? new Uint16Array(BLOCK * n) : new Uint32Array(BLOCK * n);
  let hist = new Uint32Array(1024);
  const blockLo = new Uint32Array(BLOCK);
  const blockHi = new Uint32Array(BLOCK);
  const blockSum = new Float64Array(BLOCK);
  for (let j0 = 0; j0 < G; j0 += BLOCK) {
    const width = Math.min(BLOCK, G - j0);
    // Transpose the block, with each column's range and sum in the same pass.
    for (let b = 0; b < width; b++) {
      const v = counts[s * G + j0 + b]!;
      blockLo[b] = v;
      blockHi[b] = v;
      blockSum[b] = 0;
    }
    for (let r = 0, o = s * G + j0; r < n; r++, o += stride) {
      for (let b = 0; b < width; b++) {
        const v = counts[o + b]!;
        columns[b * n + r] = v;
        if (v > blockHi[b]!) blockHi[b] = v;
        else if (v < blockLo[b]!) blockLo[b] = v;
        blockSum[b] = blockSum[b]! + v;
      }
    }
    for (let b = 0; b < width; b++) {
      const base = b * n;
      const lo = blockLo[b]!;
      const hi = blockHi[b]!;
      const sum = blockSum[b]!;
      means[j0 + b] = sum / n;
      if (lo === hi) {
        for (let li = 0; li < ranks.length; li++) bands[li]![j0 + b] = lo;
        continue;
      }
      const range = hi - lo + 1;
      if (hist.length < range) hist = new Uint32Array(range);
      else hist.fill(0, 0, range);
      for (let r = 0; r < n; r++) hist[columns[base + r]! - lo]!++;
      let cumulative = 0;
      let li = 0;
      for (let v = 0; v < range && li < ranks.length; v++) {
        cumulative += hist[v]!;
        while (li < ranks.length && cumulative >= ranks[li]!) bands[li++]![j0 + b] = lo + v;
      }
    }
  }
  return { bands, means };
}

/** Milestone quantiles (days since day 0), probabilities of reaching them, and count bands at the grid days. */
export function summarizeForecast(
  chunk: ForecastChunk,
  levels: readonly number[] = DEFAULT_LEVELS,
): Forecast {
  const lv = normalizeLevels(levels);
  const milestones = {} as Record<MilestoneKey, MilestoneForecast>;
  MILESTONE_KEYS.forEach((key, m) => {
    milestones[key] = summarizeMilestone(chunk, m, lv);
  });
  const bands = {} as Record<SeriesKey, number[][]>;
  const bandMeans = {} as Record<SeriesKey, number[]>;
  SERIES_KEYS.forEach((key, s) => {
    const r = summarizeSeries(chunk, s, lv);
    bands[key] = r.bands;
    bandMeans[key] = r.means;
  });
  return {
    seed: chunk.seed,
    replications: chunk.to - chunk.from,
    levels: lv,
    horizonDays: chunk.horizonDays,
    targetScreened: chunk.targetScreened,
    targetEnrolled: chunk.targetEnrolled,
    milestones,
    gridDays: Array.from(chunk.grid),
    bands,
    bandMeans,
  };
}
