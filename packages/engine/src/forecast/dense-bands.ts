/**
 * Count bands straight from a chunk's counts on one thread (summarizeForecast): dense histograms of 4 grid columns
 * at a time, scanned and cleared, so the bins of histograms.ts are never stored.
 */
import { scanColumn } from './histograms';
import { computedColumns } from './settled';
import { SERIES_KEYS } from './types';

/**
 * Histograms of up to 4 adjacent grid columns of one series, in one pass over the rows: for column b < width,
 * hist[b * H + v] += 1 for each of the n values counts[offset + b + r * stride]; writes each column's smallest and
 * largest value and its sum to stats[3b..3b + 2]. hist must hold 4 x H entries, H above every value. A small
 * function called once per 4 columns, so V8 optimizes it early; 4 columns per pass read each row's cache line once
 * for 4 values (the rows of a column are a whole stride apart).
 */
function columnHistograms(
  counts: Uint16Array | Uint32Array,
  offset: number,
  stride: number,
  n: number,
  width: number,
  hist: Uint32Array,
  H: number,
  stats: Float64Array,
): void {
  for (let b = 0; b < width; b++) {
    let lo = counts[offset + b]!;
    let hi = lo;
    let sum = 0;
    // One column at a time when fewer than 4 are left (a plan's last block); the 4-column loop below otherwise.
    if (width < 4) {
      for (let r = 0, o = offset + b; r < n; r++, o += stride) {
        const v = counts[o]!;
        hist[b * H + v]!++;
        sum += v;
        if (v > hi) hi = v;
        else if (v < lo) lo = v;
      }
    }
    stats[3 * b] = lo;
    stats[3 * b + 1] = hi;
    stats[3 * b + 2] = sum;
  }
  if (width < 4) return;
  let lo0 = stats[0]!,
    hi0 = lo0,
    lo1 = stats[3]!,
    hi1 = lo1,
    lo2 = stats[6]!,
    hi2 = lo2,
    lo3 = stats[9]!,
    hi3 = lo3;
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0;
  const H2 = 2 * H;
  const H3 = 3 * H;
  for (let r = 0, o = offset; r < n; r++, o += stride) {
    const v0 = counts[o]!;
    const v1 = counts[o + 1]!;
    const v2 = counts[o + 2]!;
    const v3 = counts[o + 3]!;
    hist[v0]!++;
    hist[H + v1]!++;
    hist[H2 + v2]!++;
    hist[H3 + v3]!++;
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
  stats[0] = lo0;
  stats[1] = hi0;
  stats[2] = s0;
  stats[3] = lo1;
  stats[4] = hi1;
  stats[5] = s1;
  stats[6] = lo2;
  stats[7] = hi2;
  stats[8] = s2;
  stats[9] = lo3;
  stats[10] = hi3;
  stats[11] = s3;
}

/** The largest count of series s (sizes the histogram of 32-bit counts; 16-bit counts use 65,536 entries). */
function seriesMax(counts: Uint16Array | Uint32Array, s: number, G: number, n: number): number {
  const stride = SERIES_KEYS.length * G;
  let max = 0;
  for (let r = 0; r < n; r++) {
    for (let o = r * stride + s * G, e = o + G; o < e; o++) if (counts[o]! > max) max = counts[o]!;
  }
  return max;
}

/**
 * The same bands and means as histogramBands(countHistograms(counts, G, n), ...), straight from the counts on one
 * thread: dense histograms of 4 columns at a time (a scratch of 4 x 65,536 entries for 16-bit counts), scanned and
 * cleared, so no bins are stored (W3: 13 MB of bins for 10,000 replications).
 */
export function countBands(
  counts: Uint16Array | Uint32Array,
  G: number,
  n: number,
  ranks: Int32Array,
  bands: Float64Array,
  means: Float64Array,
): void {
  const C = SERIES_KEYS.length * G;
  const L = ranks.length;
  const stats = new Float64Array(12);
  let hist = new Uint32Array(0);
  // Columns after a series' first settled one repeat it in every row (settled.ts): computed once, copied.
  const computed = computedColumns(counts, G, SERIES_KEYS.length);
  for (let s = 0; s < SERIES_KEYS.length && n > 0; s++) {
    const H = counts instanceof Uint16Array ? 65_536 : seriesMax(counts, s, G, n) + 1;
    if (hist.length !== 4 * H) hist = new Uint32Array(4 * H);
    const end = computed[s]!;
    for (let j0 = 0; j0 < end; j0 += 4) {
      const width = Math.min(4, end - j0);
      columnHistograms(counts, s * G + j0, C, n, width, hist, H, stats);
      for (let b = 0; b < width; b++) {
        const lo = stats[3 * b]!;
        const hi = stats[3 * b + 1]!;
        means[s * G + j0 + b] = stats[3 * b + 2]! / n;
        scanColumn(hist, b * H, lo, hi, ranks, bands, C, s * G + j0 + b);
        hist.fill(0, b * H + lo, b * H + hi + 1);
      }
    }
    if (end === 0) continue;
    const from = s * G + end - 1;
    means.fill(means[from]!, from + 1, (s + 1) * G);
    for (let l = 0; l < L; l++) bands.fill(bands[l * C + from]!, l * C + from + 1, l * C + (s + 1) * G);
  }
}
