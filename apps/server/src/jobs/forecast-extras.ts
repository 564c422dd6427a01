import {
  columnDistribution,
  dayToMs,
  forecastFromSummary,
  mergeChunkSummaries,
  MILESTONE_KEYS,
  NOT_REACHED,
  quantileRank,
  SERIES_KEYS,
  type ChunkSummary,
  type MilestoneKey,
  type SimulationJob,
} from '@predict/engine';
import { FORECAST_RECORD_LEVELS, type ForecastRecordMilestoneKey } from '@predict/shared';

/** The record's milestones as the forecast names them. */
const FORECAST_KEYS: Record<ForecastRecordMilestoneKey, MilestoneKey> = {
  fsiv: 'fsiv',
  lastActivation: 'lastActivation',
  fpi: 'fpi',
  lpi: 'lpi',
  lplv: 'lplv',
};

/**
 * What a forecast of record needs beyond the result sets, which keep only P10/P50/P90 and no band of sites: the
 * milestones' percentiles and the band of cumulative active sites, from the run's merged replication summaries.
 */
export interface ForecastExtras {
  day0Ms: number;
  /** Per milestone, P1..P99 as result-set dates (ms at noon UTC of the day); null = not reached in the horizon. */
  percentiles: Record<ForecastRecordMilestoneKey, (number | null)[]>;
  /** Per milestone, the share of replications that reach it within the horizon. */
  reached: Record<ForecastRecordMilestoneKey, number>;
  /**
   * Cumulative active sites P10/P50/P90 at the forecast's grid days (days since day 0), and the count's whole
   * distribution at grid index k: `distributionAt(k)` reads the merged histograms (columnDistribution).
   */
  sites: {
    days: number[];
    p10: number[];
    p50: number[];
    p90: number[];
    distributionAt: (k: number) => { lo: number; counts: number[] };
  };
}

/** Day 0 of the job's forecast (its summaries count days from it). */
function day0Of(job: SimulationJob): number {
  if (job.kind === 'remodel') return job.remodel.baseline.day0Ms;
  if (job.kind === 'combination') return job.combined.prepared.day0Ms;
  return job.prepared.day0Ms;
}

/**
 * The quantiles of one milestone at every level, by the engine's own definition (the lower inverse of the empirical
 * CDF, quantileRank; a replication that does not reach the milestone sorts last and its quantile is null), so the
 * levels 10, 50 and 90 are exactly the result sets' P10 / P50 / P90. One sort: the forecast summary would also
 * compute the bands of every series at all 99 levels, several times the cost.
 */
function milestonePercentiles(milestones: Float64Array, n: number, m: number, day0Ms: number) {
  const nM = MILESTONE_KEYS.length;
  const values = new Float64Array(n);
  let reached = 0;
  for (let r = 0; r < n; r++) {
    const v = milestones[r * nM + m]!;
    if (v !== NOT_REACHED) reached++;
    values[r] = v === NOT_REACHED ? Infinity : v;
  }
  values.sort();
  const levels = FORECAST_RECORD_LEVELS.map((level) => {
    const v = n > 0 ? values[quantileRank(level, n) - 1]! : Infinity;
    return v === Infinity ? null : dayToMs(day0Ms, Math.floor(v));
  });
  return { levels, reached: n > 0 ? reached / n : 0 };
}

/** The extras of a finished job's Monte Carlo; null when it has none (a plan line only run). */
export function forecastExtras(
  job: SimulationJob,
  summaries: readonly ChunkSummary[],
): ForecastExtras | null {
  if (!job.work || summaries.length === 0) return null;
  const merged = mergeChunkSummaries(summaries);
  const n = merged.to - merged.from;
  const day0Ms = day0Of(job);
  const each = Object.entries(FORECAST_KEYS).map(
    ([key, name]) =>
      [key, milestonePercentiles(merged.milestones, n, MILESTONE_KEYS.indexOf(name), day0Ms)] as const,
  );
  const band = forecastFromSummary(merged, [10, 50, 90]).bands.activeSites;
  const sitesColumn = SERIES_KEYS.indexOf('activeSites');
  return {
    day0Ms,
    percentiles: Object.fromEntries(each.map(([k, v]) => [k, v.levels])) as ForecastExtras['percentiles'],
    reached: Object.fromEntries(each.map(([k, v]) => [k, v.reached])) as ForecastExtras['reached'],
    sites: {
      days: Array.from(merged.grid),
      p10: band[0]!,
      p50: band[1]!,
      p90: band[2]!,
      distributionAt: (k) => columnDistribution(merged.histograms, sitesColumn * merged.grid.length + k),
    },
  };
}
