/**
 * Scoring past forecasts against what happened (calibration.md section 3): the probability integral transform
 * (PIT) of an actual in its forecast, given as the forecast's 99 percentiles P1..P99 (any unit: days, counts;
 * non-decreasing; +Infinity = not reached within the forecast's horizon), and over many (forecast, actual) pairs
 * the P10-P90 coverage, the share below P50, a PIT histogram and a reliability table, with Wilson intervals.
 *
 * PIT conventions (the forecast's CDF is taken linear between percentiles):
 * - between P_j < a < P_j+1: (j + (a - P_j) / (P_j+1 - P_j)) / 100; when P_j+1 is +Infinity (the actual was
 *   reached, the forecast's next percentile was not): (j + 0.5) / 100;
 * - below P1: 0.005, above P99: 0.995 (the middle of the outer 1%);
 * - equal to a run of percentiles P_lo = ... = P_hi (integer milestones, or +Infinity for an actual not reached when
 *   the forecast's top percentiles were not reached either): the run's middle level ((lo + hi) / 2) / 100.
 * Every derived score uses the PIT, so ties follow the same rule: inside P10-P90 when 0.1 <= PIT <= 0.9 (an actual
 * exactly at P10 or P90 is inside), below P50 when PIT < 0.5, below the level-q quantile when PIT < q.
 */

export const PERCENTILES = 99;
/** z of a two-sided 90% interval: the standard normal's 95% quantile. */
export const Z_90 = 1.6448536269514722;

/** Checks a forecast's percentiles: 99 numbers, not NaN, non-decreasing. */
function checkPercentiles(p: readonly number[]): void {
  if (p.length !== PERCENTILES)
    throw new RangeError(`A forecast needs ${PERCENTILES} percentiles (P1..P99).`);
  for (let i = 0; i < PERCENTILES; i++) {
    if (Number.isNaN(p[i]!)) throw new RangeError(`Percentile P${i + 1} is not a number.`);
    if (i > 0 && p[i]! < p[i - 1]!)
      throw new RangeError(`Percentiles must not decrease (P${i + 1} < P${i}).`);
  }
}

/** The PIT of an actual (any unit, +Infinity = not reached) in a forecast's percentiles P1..P99, in [0, 1]. */
export function pit(percentiles: readonly number[], actual: number): number {
  checkPercentiles(percentiles);
  if (Number.isNaN(actual)) throw new RangeError('The actual is not a number.');
  const p = percentiles;
  let lo = 0;
  while (lo < PERCENTILES && p[lo]! < actual) lo++;
  if (lo === PERCENTILES) return 0.995;
  if (p[lo] === actual) {
    let hi = lo;
    while (hi + 1 < PERCENTILES && p[hi + 1] === actual) hi++;
    return (lo + 1 + hi + 1) / 2 / 100;
  }
  if (lo === 0) return 0.005;
  // p[lo - 1] < actual < p[lo]; level of p[i] is (i + 1) / 100.
  const below = p[lo - 1]!;
  const above = p[lo]!;
  if (above === Infinity) return (lo + 0.5) / 100;
  return (lo + (actual - below) / (above - below)) / 100;
}

/** One forecast scored: its PIT, whether the actual is inside P10-P90, and whether it is below P50. */
export interface ForecastScore {
  pit: number;
  inside: boolean;
  belowMedian: boolean;
}

/** Scores one forecast (percentiles P1..P99) against its actual (see the file comment). */
export function scoreForecast(percentiles: readonly number[], actual: number): ForecastScore {
  const u = pit(percentiles, actual);
  return { pit: u, inside: u >= 0.1 && u <= 0.9, belowMedian: u < 0.5 };
}

/**
 * The randomized PIT of a count (Czado, Gneiting & Held 2009): u = F(x-) + v (F(x) - F(x-)) for a forecast whose
 * replications put `below` of `n` under the actual x and `equal` on it, v in [0, 1). Uniform when the forecast is
 * calibrated, atoms or not, so a calibrated count forecast covers 80% and has 50% below its median; the mid-run
 * rule of `pit` biases both for counts, whose percentiles tie (an actual on the median's atom is never below it).
 */
export function randomizedCountPit(below: number, equal: number, n: number, v: number): number {
  if (!(n > 0)) throw new RangeError('A count forecast needs replications.');
  return (below + v * equal) / n;
}

/**
 * A uniform in [0, 1) fixed by an integer key (a study id): the randomized PIT's v, so that a track record reads the
 * same on every visit (a 32-bit integer hash, splitmix-style, of the key).
 */
export function stableUniform(key: number): number {
  let x = (Math.trunc(key) ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  x = (x ^ (x >>> 16)) >>> 0;
  return x / 4294967296;
}

/** A share k / n with its interval. */
export interface Share {
  count: number;
  n: number;
  /** k / n (NaN when n = 0). */
  share: number;
  lo: number;
  hi: number;
}

/**
 * Wilson score interval of a binomial share k / n (Wilson 1927), default 90% (z = 1.645): the p with
 * |k/n - p| <= z sqrt(p (1 - p) / n), i.e. centre (k + z^2/2) / (n + z^2) +- z sqrt(k (n - k) / n + z^2/4) /
 * (n + z^2). Unlike k/n +- z se it stays inside [0, 1] and keeps its level for shares near 0 or 1 and small n.
 * n = 0 gives [0, 1].
 */
export function wilsonInterval(k: number, n: number, z = Z_90): Share {
  if (!(n > 0)) return { count: k, n, share: NaN, lo: 0, hi: 1 };
  const z2 = z * z;
  const centre = (k + z2 / 2) / (n + z2);
  const half = (z * Math.sqrt((k * (n - k)) / n + z2 / 4)) / (n + z2);
  return { count: k, n, share: k / n, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

/** One (forecast, actual) pair of the track record. */
export interface ForecastOutcome {
  percentiles: readonly number[];
  actual: number;
}

/** The track record of a milestone: coverage, share below P50, PIT histogram and reliability (90% intervals). */
export interface CalibrationSummary {
  n: number;
  /** Actuals inside P10-P90 (target 80%). */
  coverage: Share;
  /** Actuals below P50 (target 50%). */
  belowMedian: Share;
  /** PIT counts in 10 bins [0, 0.1), ..., [0.9, 1] (flat when calibrated). */
  pitHistogram: number[];
  /** For nominal levels 0.1..0.9: the share of actuals below the forecasts' quantile at that level. */
  reliability: { level: number; observed: Share }[];
}

export const RELIABILITY_LEVELS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

/** Summarises scored pairs (see CalibrationSummary); intervals at z (default 90%). */
export function calibrationSummary(pairs: readonly ForecastOutcome[], z = Z_90): CalibrationSummary {
  const pits = pairs.map((o) => pit(o.percentiles, o.actual));
  const n = pits.length;
  const histogram = new Array<number>(10).fill(0);
  // A tiny offset keeps a PIT of exactly j/10 in bin j despite rounding (0.7 * 10 = 7.000000000000001 is fine,
  // (0.3 - 1e-17) * 10 would not be).
  for (const u of pits) histogram[Math.min(9, Math.floor(u * 10 + 1e-9))]!++;
  const count = (test: (u: number) => boolean) => pits.filter(test).length;
  return {
    n,
    coverage: wilsonInterval(
      count((u) => u >= 0.1 && u <= 0.9),
      n,
      z,
    ),
    belowMedian: wilsonInterval(
      count((u) => u < 0.5),
      n,
      z,
    ),
    pitHistogram: histogram,
    reliability: RELIABILITY_LEVELS.map((level) => ({
      level,
      observed: wilsonInterval(
        count((u) => u < level),
        n,
        z,
      ),
    })),
  };
}
