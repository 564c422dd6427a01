/**
 * Exact histograms of the grid counts of a forecast chunk, per series and grid column: what the bands and their
 * means need, and mergeable by adding bins, so that worker threads can summarize their own chunks and the main
 * thread only adds histograms (the result equals the summary of the merged chunk: counts are integers, so bins and
 * sums add exactly).
 */
import { computedColumns } from './settled';
import { SERIES_KEYS } from './types';

/**
 * Histograms of the counts of n replications, one per column c = series x G + grid index: the smallest and largest
 * count lo[c] and hi[c], the sum of the counts sum[c] (an integer), and bins[binStart[c] + v - lo[c]] = number of
 * replications with count v, for v in lo[c]..hi[c]. With n = 0 every column is empty (lo 0, hi -1, no bins).
 */
export interface CountHistograms {
  n: number;
  lo: Float64Array;
  hi: Float64Array;
  sum: Float64Array;
  binStart: Int32Array;
  /** 16-bit when n < 65,536 (no bin can overflow; half the memory to build, send and merge), else 32-bit. */
  bins: Uint16Array | Uint32Array;
}

/**
 * Smallest and largest value and sum of up to 4 adjacent grid columns (columnHistograms without the histogram), in
 * one pass over the rows for 4 columns: stats[3b..3b + 2] for column b < width.
 */
function columnStats(
  counts: Uint16Array | Uint32Array,
  offset: number,
  stride: number,
  n: number,
  width: number,
  stats: Float64Array,
): void {
  if (width < 4) {
    for (let b = 0; b < width; b++) {
      let lo = counts[offset + b]!;
      let hi = lo;
      let sum = 0;
      for (let r = 0, o = offset + b; r < n; r++, o += stride) {
        const v = counts[o]!;
        sum += v;
        if (v > hi) hi = v;
        else if (v < lo) lo = v;
      }
      stats[3 * b] = lo;
      stats[3 * b + 1] = hi;
      stats[3 * b + 2] = sum;
    }
    return;
  }
  let lo0 = counts[offset]!,
    hi0 = lo0,
    lo1 = counts[offset + 1]!,
    hi1 = lo1,
    lo2 = counts[offset + 2]!,
    hi2 = lo2,
    lo3 = counts[offset + 3]!,
    hi3 = lo3;
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0;
  for (let r = 0, o = offset; r < n; r++, o += stride) {
    const v0 = counts[o]!;
    const v1 = counts[o + 1]!;
    const v2 = counts[o + 2]!;
    const v3 = counts[o + 3]!;
    s0 += v0;
    s1 += v1;
    s2 += v2;
    s3 += v3;
    if (v0 > hi0) hi0 = v0;
    else if (v0 < lo0) lo0 = v0;
    if (v1 > hi1) hi1 = v1;
    else if (v1 < lo1) lo1 = v1;
    if (v2 > hi2) hi2 = v2;
    else if (v2 < lo2) lo2 = v2;
    if (v3 > hi3) hi3 = v3;
    else if (v3 < lo3) lo3 = v3;
  }
  stats.set([lo0, hi0, s0, lo1, hi1, s1, lo2, hi2, s2, lo3, hi3, s3]);
}

/** bins[base[b] + v] += 1 for the n values v of each of up to 4 adjacent grid columns b < width. */
function fillBins(
  counts: Uint16Array | Uint32Array,
  offset: number,
  stride: number,
  n: number,
  width: number,
  bins: Uint16Array | Uint32Array,
  base: Float64Array,
): void {
  if (width === 4) {
    const b0 = base[0]!;
    const b1 = base[1]!;
    const b2 = base[2]!;
    const b3 = base[3]!;
    for (let r = 0, o = offset; r < n; r++, o += stride) {
      bins[b0 + counts[o]!]!++;
      bins[b1 + counts[o + 1]!]!++;
      bins[b2 + counts[o + 2]!]!++;
      bins[b3 + counts[o + 3]!]!++;
    }
    return;
  }
  for (let b = 0; b < width; b++) {
    const bb = base[b]!;
    for (let r = 0, o = offset + b; r < n; r++, o += stride) bins[bb + counts[o]!]!++;
  }
}

/** Bins for histograms of n replications: a bin counts at most n. */
function binsOf(n: number, length: number): Uint16Array | Uint32Array {
  return n < 65_536 ? new Uint16Array(length) : new Uint32Array(length);
}

/**
 * Histograms of the replication-major counts (n rows of 4 series x G columns), in two passes over the counts: the
 * columns' ranges first, then the bins at their exact total size (no dense scratch histograms, no copies: the
 * worker threads that build them hold no more than the bins). The columns after a series' first settled one
 * (settled.ts) repeat it in every row, so their ranges, sums and bins are copies of its. O(n x 4G + bins).
 */
export function countHistograms(counts: Uint16Array | Uint32Array, G: number, n: number): CountHistograms {
  const S = SERIES_KEYS.length;
  const C = S * G;
  const lo = new Float64Array(C);
  const hi = new Float64Array(C).fill(-1);
  const sum = new Float64Array(C);
  const binStart = new Int32Array(C + 1);
  const stats = new Float64Array(12);
  const filled = n > 0 && G > 0;
  // Columns s x G + j for j < computed[s] are counted; the others copy column s x G + computed[s] - 1.
  const computed = computedColumns(counts, G, S);
  let total = 0;
  for (let s = 0; s < S && filled; s++) {
    const end = computed[s]!;
    for (let j0 = 0; j0 < end; j0 += 4) {
      const c0 = s * G + j0;
      const width = Math.min(4, end - j0);
      columnStats(counts, c0, C, n, width, stats);
      for (let b = 0; b < width; b++) {
        lo[c0 + b] = stats[3 * b]!;
        hi[c0 + b] = stats[3 * b + 1]!;
        sum[c0 + b] = stats[3 * b + 2]!;
        binStart[c0 + b] = total;
        total += stats[3 * b + 1]! - stats[3 * b]! + 1;
      }
    }
    const from = s * G + end - 1;
    const len = hi[from]! - lo[from]! + 1;
    for (let c = from + 1; c < (s + 1) * G; c++) {
      lo[c] = lo[from]!;
      hi[c] = hi[from]!;
      sum[c] = sum[from]!;
      binStart[c] = total;
      total += len;
    }
  }
  binStart.fill(total, filled ? C : 0);
  const bins = binsOf(n, total);
  const base = new Float64Array(4);
  for (let s = 0; s < S && filled; s++) {
    const end = computed[s]!;
    for (let j0 = 0; j0 < end; j0 += 4) {
      const c0 = s * G + j0;
      const width = Math.min(4, end - j0);
      for (let b = 0; b < width; b++) base[b] = binStart[c0 + b]! - lo[c0 + b]!;
      fillBins(counts, c0, C, n, width, bins, base);
    }
    const from = s * G + end - 1;
    const start = binStart[from]!;
    const len = hi[from]! - lo[from]! + 1;
    for (let c = from + 1; c < (s + 1) * G; c++) bins.copyWithin(binStart[c]!, start, start + len);
  }
  return { n, lo, hi, sum, binStart, bins };
}

/** Histograms of several chunks' counts of the same grid added: those of their concatenation (exact). */
export function mergeHistograms(parts: readonly CountHistograms[]): CountHistograms {
  const filled = parts.filter((p) => p.n > 0);
  const C = parts[0]!.lo.length;
  const n = filled.reduce((a, p) => a + p.n, 0);
  const lo = new Float64Array(C);
  const hi = new Float64Array(C).fill(-1);
  const sum = new Float64Array(C);
  const binStart = new Int32Array(C + 1);
  let total = 0;
  for (let c = 0; c < C && filled.length > 0; c++) {
    let l = Infinity;
    let h = -Infinity;
    for (const p of filled) {
      l = Math.min(l, p.lo[c]!);
      h = Math.max(h, p.hi[c]!);
      sum[c] = sum[c]! + p.sum[c]!;
    }
    lo[c] = l;
    hi[c] = h;
    binStart[c] = total;
    total += h - l + 1;
  }
  binStart[C] = total;
  const bins = binsOf(n, total);
  for (let c = 0; c < C && filled.length > 0; c++) {
    for (const p of filled) {
      const at = binStart[c]! + p.lo[c]! - lo[c]!;
      const from = p.binStart[c]!;
      const len = p.hi[c]! - p.lo[c]! + 1;
      for (let i = 0; i < len; i++) bins[at + i] = bins[at + i]! + p.bins[from + i]!;
    }
  }
  return { n, lo, hi, sum, binStart, bins };
}

/** Band values of column c from its histogram h[base + v], v in lo..hi: bands[l * C + c] = the ranks[l]-th smallest. */
export function scanColumn(
  h: Uint16Array | Uint32Array,
  base: number,
  lo: number,
  hi: number,
  ranks: Int32Array,
  bands: Float64Array,
  C: number,
  c: number,
): void {
  const L = ranks.length;
  let cumulative = 0;
  let li = 0;
  for (let v = lo; v <= hi && li < L; v++) {
    cumulative += h[base + v]!;
    while (li < L && cumulative >= ranks[li]!) bands[li++ * C + c] = v;
  }
}

/**
 * Band quantiles and means of every column: bands[l * C + c] = the ranks[l]-th smallest count of column c (ranks
 * 1-based, ascending), means[c] = its mean; zeros when n = 0.
 */
export function histogramBands(
  hs: CountHistograms,
  ranks: Int32Array,
  bands: Float64Array,
  means: Float64Array,
): void {
  const { n, lo, hi, sum, binStart, bins } = hs;
  const C = lo.length;
  for (let c = 0; c < C && n > 0; c++) {
    means[c] = sum[c]! / n;
    scanColumn(bins, binStart[c]! - lo[c]!, lo[c]!, hi[c]!, ranks, bands, C, c);
  }
}

/**
 * The distribution of one column's counts: `counts[k]` replications had count `lo + k` (an empty column: lo 0, no
 * counts). What a count's randomized PIT needs (portfolio/scoring.ts randomizedCountPit).
 */
export function columnDistribution(hs: CountHistograms, c: number): { lo: number; counts: number[] } {
  const lo = hs.lo[c]!;
  const len = hs.hi[c]! - lo + 1;
  if (!(hs.n > 0) || !(len > 0)) return { lo: 0, counts: [] };
  const from = hs.binStart[c]!;
  return { lo, counts: Array.from(hs.bins.subarray(from, from + len)) };
}
