import {
  calibrationSummary,
  randomizedCountPit,
  scoreForecast,
  stableUniform,
  wilsonInterval,
  type Share,
} from '@predict/engine';
import type {
  CalibrationCountScore,
  CalibrationDateScore,
  CalibrationMilestoneKey,
  CalibrationOutcome,
  CalibrationShare,
  CalibrationSummary,
  ForecastRecordBand,
  ForecastRecordCountDistribution,
  ForecastRecordMilestone,
} from '@predict/shared';
import { SITES_SCORE_MONTH_INDEX } from '@predict/shared';

/**
 * Scores a record's figures against the actuals with the engine's scoring (packages/engine/src/portfolio/scoring.ts):
 * the PIT of an actual date in the record's P1..P99, inside P10-P90 when 0.1 <= PIT <= 0.9, below P50 when PIT < 0.5,
 * and the 90% Wilson intervals of the shares.
 */

/** A record's percentiles as the scoring reads them: a percentile not reached in the horizon is +Infinity. */
const percentilesOf = (m: ForecastRecordMilestone) => m.percentiles!.map((v) => v ?? Infinity);

const outcomeOf = (pit: number): CalibrationOutcome =>
  pit < 0.1 ? 'miss early' : pit > 0.9 ? 'miss late' : 'inside';

/** One date milestone scored; no PIT when the record has no P1..P99 for it or the actual is not known. */
export function scoreDate(
  m: ForecastRecordMilestone | null,
  actualMillis: number | null,
): CalibrationDateScore {
  const quantiles = { p10: m?.p10 ?? null, p50: m?.p50 ?? null, p90: m?.p90 ?? null, actualMillis };
  if (actualMillis === null || !m?.percentiles) return { ...quantiles, pit: null, outcome: null };
  const { pit } = scoreForecast(percentilesOf(m), actualMillis);
  return { ...quantiles, pit, outcome: outcomeOf(pit) };
}

/** JSON has no NaN: a share of nothing is null (its interval stays [0, 1]). */
const share = (s: Share): CalibrationShare => ({
  count: s.count,
  n: s.n,
  share: Number.isFinite(s.share) ? s.share : null,
  lo: s.lo,
  hi: s.hi,
});

/** The track record of date forecasts: the pairs that have both a record's P1..P99 and an actual. */
export function summariseDates(
  milestone: CalibrationMilestoneKey,
  pairs: readonly { forecast: ForecastRecordMilestone | null; actualMillis: number | null }[],
): CalibrationSummary {
  const scored = pairs.flatMap(({ forecast, actualMillis }) =>
    forecast?.percentiles && actualMillis !== null
      ? [{ percentiles: percentilesOf(forecast), actual: actualMillis }]
      : [],
  );
  const s = calibrationSummary(scored);
  return {
    milestone,
    n: s.n,
    coverage: share(s.coverage),
    belowMedian: share(s.belowMedian),
    pitHistogram: s.pitHistogram,
    reliability: s.reliability.map((r) => ({ level: r.level, observed: share(r.observed) })),
  };
}

const DAY = 86_400_000;

/**
 * The randomized PIT of an actual count in a record's distribution of it, with the study's own fixed uniform (so
 * the page reads the same on every visit).
 */
function countPit(d: ForecastRecordCountDistribution, actual: number, key: number): number | null {
  const n = d.counts.reduce((s, c) => s + c, 0);
  if (!(n > 0)) return null;
  let below = 0;
  for (let k = 0; k < d.counts.length && d.lo + k < actual; k++) below += d.counts[k]!;
  const equal = d.counts[actual - d.lo] ?? 0;
  return randomizedCountPit(below, equal, n, stableUniform(key));
}

/**
 * Sites activated by the end of month 12 (of the record's monthly result sets): the record's band then against the
 * extract's sites in the plan's site groups activated on or before that month's last day, with the count's
 * randomized PIT where the record kept its distribution (`key`, the study id, fixes the PIT's uniform). Null
 * without a band, a plan shorter than 12 months, or an extract whose as-of day is before that last day (the count
 * is not final).
 */
export function scoreSitesAtMonth12(
  monthStartMillis: readonly number[] | null,
  band: ForecastRecordBand | null,
  distribution: ForecastRecordCountDistribution | null | undefined,
  activationMillis: readonly number[],
  asOf: Date,
  key: number,
): CalibrationCountScore | null {
  const start = monthStartMillis?.[SITES_SCORE_MONTH_INDEX];
  const [p10, p50, p90] = [band?.p10, band?.p50, band?.p90].map((b) => b?.[SITES_SCORE_MONTH_INDEX]);
  if (start === undefined || p10 === undefined || p50 === undefined || p90 === undefined) return null;
  const d = new Date(start);
  const nextMonth = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  if (asOf.getTime() < nextMonth - DAY) return null;
  const actual = activationMillis.filter((ms) => ms < nextMonth).length;
  const outcome = actual < p10 ? 'below P10' : actual > p90 ? 'above P90' : 'inside';
  const pit = distribution ? countPit(distribution, actual, key) : null;
  return { p10, p50, p90, actual, outcome, pit };
}

/**
 * The sites-at-month-12 track record: coverage and below P50 only (the record keeps no P1..P99 of the band). A score
 * with a randomized PIT counts inside when 0.1 <= PIT <= 0.9 and below when PIT < 0.5; one without (an older record)
 * compares the count with P10 / P50 / P90, which for tied counts biases both shares (an actual on the median never
 * counts below it).
 */
export function summariseCounts(scores: readonly CalibrationCountScore[]): CalibrationSummary {
  const n = scores.length;
  const inside = (s: CalibrationCountScore) =>
    s.pit !== null ? s.pit >= 0.1 && s.pit <= 0.9 : s.outcome === 'inside';
  const below = (s: CalibrationCountScore) => (s.pit !== null ? s.pit < 0.5 : s.actual < s.p50);
  return {
    milestone: 'sitesMonth12',
    n,
    coverage: share(wilsonInterval(scores.filter(inside).length, n)),
    belowMedian: share(wilsonInterval(scores.filter(below).length, n)),
    pitHistogram: null,
    reliability: null,
  };
}
