/** Scores of the calibration back-test: P10-P90 coverage of the true LPI and the P50's errors in days. */

/** LPI quantiles of one forecast (days since day 0); a quantile not reached within the horizon is +Infinity. */
export interface TrialForecast {
  p10: number;
  p50: number;
  p90: number;
}

/** One scored forecast: the quantiles, the true LPI, and the span that relative errors are taken of. */
export interface Scored extends TrialForecast {
  truth: number;
  /** Days the forecast had to predict: FPS to true LPI (plan forecast) or as-of day to true LPI (remodel). */
  span: number;
  /** Errors cap non-reached values (truth or P50) at this day. */
  cap: number;
}

export interface Metrics {
  trials: number;
  coverage: number;
  /** Binomial standard error of the coverage estimate, as a share. */
  coverageSe: number;
  belowP10: number;
  aboveP90: number;
  medianAbsErrorDays: number;
  /** Median of truth - P50 (positive: the trial was later than the forecast's median). */
  medianErrorDays: number;
  medianAbsRelError: number;
  /** Median width P90 - P10, days. */
  medianWidthDays: number;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return NaN;
  return n % 2 === 1 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
};

export function metrics(items: Scored[]): Metrics {
  let inside = 0;
  let below = 0;
  let above = 0;
  const abs: number[] = [];
  const signed: number[] = [];
  const rel: number[] = [];
  const width: number[] = [];
  for (const s of items) {
    if (s.truth < s.p10) below++;
    else if (s.truth > s.p90) above++;
    else inside++;
    const cap = (x: number): number => Math.min(x, s.cap);
    const err = cap(s.truth) - cap(s.p50);
    abs.push(Math.abs(err));
    signed.push(err);
    rel.push(Math.abs(err) / Math.max(1, s.span));
    width.push(cap(s.p90) - cap(s.p10));
  }
  const n = items.length;
  const p = n > 0 ? inside / n : NaN;
  return {
    trials: n,
    coverage: p,
    coverageSe: n > 0 ? Math.sqrt((p * (1 - p)) / n) : NaN,
    belowP10: n > 0 ? below / n : NaN,
    aboveP90: n > 0 ? above / n : NaN,
    medianAbsErrorDays: median(abs),
    medianErrorDays: median(signed),
    medianAbsRelError: median(rel),
    medianWidthDays: median(width),
  };
}

/** Trial-size classes (enrolled target) for the "coverage by size" rows. */
export const SIZE_CLASSES: { label: string; lo: number; hi: number }[] = [
  { label: 'small (target < 100)', lo: 0, hi: 100 },
  { label: 'medium (100-399)', lo: 100, hi: 400 },
  { label: 'large (>= 400)', lo: 400, hi: Infinity },
];

/** Metrics per size class; `targets[i]` is the enrolled target of item i. */
export function bySize(items: Scored[], targets: number[]): Record<string, Metrics> {
  const out: Record<string, Metrics> = {};
  for (const c of SIZE_CLASSES)
    out[c.label] = metrics(items.filter((_, i) => targets[i]! >= c.lo && targets[i]! < c.hi));
  return out;
}

const pct = (x: number): string => (Number.isNaN(x) ? '-' : `${(100 * x).toFixed(1)}%`);

export const TABLE_HEADER =
  `${'forecast'.padEnd(44)} ${'n'.padStart(4)}  ${'P10-P90 cov.'.padStart(14)}  ${'<P10'.padStart(6)} ` +
  `${'>P90'.padStart(6)}  ${'med |err|'.padStart(9)} ${'(rel)'.padStart(6)}  ${'med truth-P50'.padStart(13)}  ` +
  `${'med width'.padStart(9)}`;

/** One table row: coverage +- SE, below/above shares, median |truth - P50| (days and relative), signed, width. */
export function row(label: string, m: Metrics): string {
  const cov = `${pct(m.coverage)} +-${(100 * m.coverageSe).toFixed(1)}`;
  const d = (x: number, w: number) => (Number.isFinite(x) ? x.toFixed(0) : '-').padStart(w);
  return (
    `${label.padEnd(44)} ${String(m.trials).padStart(4)}  ${cov.padStart(14)}  ${pct(m.belowP10).padStart(6)} ` +
    `${pct(m.aboveP90).padStart(6)}  ${d(m.medianAbsErrorDays, 7)} d ${pct(m.medianAbsRelError).padStart(6)}  ` +
    `${d(m.medianErrorDays, 11)} d  ${d(m.medianWidthDays, 7)} d`
  );
}

/** Wilson score interval of a binomial share k / n (z = 1.96: 95%). */
export function wilson(k: number, n: number, z = 1.96): { p: number; lo: number; hi: number } {
  if (n === 0) return { p: NaN, lo: NaN, hi: NaN };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

/** log of the binomial probability P(X = k), X ~ Binomial(n, p). */
function logBinomPmf(k: number, n: number, p: number): number {
  let lc = 0;
  for (let j = 1; j <= k; j++) lc += Math.log((n - k + j) / j);
  return lc + k * Math.log(p) + (n - k) * Math.log1p(-p);
}

/**
 * Two-sided acceptance region [lo, hi] of a binomial count at level 1 - alpha (alpha / 2 in each tail, exact):
 * the smallest lo with P(X < lo) <= alpha / 2 maximal, the largest hi with P(X > hi) <= alpha / 2.
 */
export function binomialAcceptance(n: number, p: number, alpha = 0.01): { lo: number; hi: number } {
  const pmf = Array.from({ length: n + 1 }, (_, k) => Math.exp(logBinomPmf(k, n, p)));
  let lo = 0;
  let tail = 0;
  while (lo < n && tail + pmf[lo]! <= alpha / 2) tail += pmf[lo++]!;
  let hi = n;
  tail = 0;
  while (hi > 0 && tail + pmf[hi]! <= alpha / 2) tail += pmf[hi--]!;
  return { lo, hi };
}

/** Power of the acceptance region: P(X outside [lo, hi]) when the true share is q. */
export function rejectionPower(n: number, region: { lo: number; hi: number }, q: number): number {
  let inside = 0;
  for (let k = region.lo; k <= region.hi; k++) inside += Math.exp(logBinomPmf(k, n, q));
  return 1 - inside;
}

/** One scored forecast for the calibration harness: LPI quantiles, PIT and the true LPI (days; Infinity = never). */
export interface ScoredForecast {
  p10: number;
  p50: number;
  p90: number;
  pit: number;
  truth: number;
}

/** Calibration figures of a set of forecasts (calibration.md section 3). */
export interface CalibrationMetrics {
  n: number;
  /** P10 <= truth <= P90: count and Wilson 95% interval. */
  inside: number;
  coverage: { p: number; lo: number; hi: number };
  /** truth < P50: count and Wilson 95% interval (target 50%). */
  belowP50: number;
  belowMedian: { p: number; lo: number; hi: number };
  belowP10: number;
  aboveP90: number;
  /** PIT histogram: share of forecasts whose PIT falls in each decile (flat 10% when calibrated). */
  pitDeciles: number[];
  /** Median of truth - P50 (days; > 0: later than forecast) and of |truth - P50|. */
  medianErrorDays: number;
  medianAbsErrorDays: number;
  /** Median P90 - P10 (days). */
  medianWidthDays: number;
}

export function calibrationMetrics(items: ScoredForecast[], capDays: number): CalibrationMetrics {
  let inside = 0;
  let below50 = 0;
  let below10 = 0;
  let above90 = 0;
  const deciles = new Array<number>(10).fill(0);
  const err: number[] = [];
  const abs: number[] = [];
  const width: number[] = [];
  const cap = (x: number) => Math.min(x, capDays);
  for (const s of items) {
    if (s.truth < s.p10) below10++;
    else if (s.truth > s.p90) above90++;
    else inside++;
    if (s.truth < s.p50) below50++;
    deciles[Math.min(9, Math.floor(s.pit * 10))]!++;
    const e = cap(s.truth) - cap(s.p50);
    err.push(e);
    abs.push(Math.abs(e));
    width.push(cap(s.p90) - cap(s.p10));
  }
  const n = items.length;
  return {
    n,
    inside,
    coverage: wilson(inside, n),
    belowP50: below50,
    belowMedian: wilson(below50, n),
    belowP10: n > 0 ? below10 / n : NaN,
    aboveP90: n > 0 ? above90 / n : NaN,
    pitDeciles: deciles.map((c) => (n > 0 ? c / n : NaN)),
    medianErrorDays: median(err),
    medianAbsErrorDays: median(abs),
    medianWidthDays: median(width),
  };
}
