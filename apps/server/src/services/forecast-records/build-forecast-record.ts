import { ENROLLMENT_MILESTONES, MS_PER_DAY, type EnrollmentRow, type ResultSets } from '@predict/engine';
import {
  FORECAST_RECORD_MILESTONES,
  ForecastOfRecord,
  SITES_SCORE_MONTH_INDEX,
  type ForecastRecordBand,
  type ForecastRecordCountDistribution,
  type ForecastRecordMilestone,
  type ForecastRecordMilestoneKey,
} from '@predict/shared';
import type { ForecastExtras } from '../../jobs/forecast-extras';

/** The enrollment table's row of each record milestone (the last site activated has none). */
const TABLE_KEYS: Partial<Record<ForecastRecordMilestoneKey, string>> = {
  fsiv: 'firstSiteActivation',
  fpi: 'firstEnrolled',
  lpi: 'lastEnrolled',
  lplv: 'lastLastVisit',
};

const P10 = 9;
const P50 = 49;
const P90 = 89;

function tableRow(sets: Partial<ResultSets>, key: ForecastRecordMilestoneKey): EnrollmentRow | undefined {
  const index = ENROLLMENT_MILESTONES.findIndex((m) => m.key === TABLE_KEYS[key]);
  return index < 0 ? undefined : sets.enrollmentTable?.[index];
}

/**
 * One milestone of the record. P10/P50/P90 are the result sets' (what the run's screens show); the percentiles
 * are kept only where they reproduce them, since a sequential cohort plan shows LPI and LPLV from its cohort
 * Monte Carlo and drops milestones the continuous model cannot tell. The last site activated has no table row:
 * its quantiles are the percentiles'.
 */
function milestone(
  sets: Partial<ResultSets>,
  extras: ForecastExtras | null,
  key: ForecastRecordMilestoneKey,
): ForecastRecordMilestone {
  const all = extras?.percentiles[key] ?? null;
  if (!TABLE_KEYS[key]) {
    return {
      p10: all?.[P10] ?? null,
      p50: all?.[P50] ?? null,
      p90: all?.[P90] ?? null,
      probabilityReached: extras?.reached[key] ?? null,
      percentiles: all,
    };
  }
  const row = tableRow(sets, key);
  const p10 = row?.P10 ?? null;
  const p50 = row?.P50 ?? null;
  const p90 = row?.P90 ?? null;
  const agrees = all !== null && all[P10] === p10 && all[P50] === p50 && all[P90] === p90 && p50 !== null;
  return {
    p10,
    p50,
    p90,
    probabilityReached: row?.probabilityReached ?? null,
    percentiles: agrees ? all : null,
  };
}

/** The first day of the month after a month start (ms at noon UTC, as the result sets' header dates). */
const nextMonthMs = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 12);
};

/** The last grid day index on or before the end of each month (-1: none), as the result sets sample bands. */
function monthEndIndices(months: readonly number[], extras: ForecastExtras): number[] {
  const { days } = extras.sites;
  return months.map((start) => {
    const end = Math.round((nextMonthMs(start) - extras.day0Ms) / MS_PER_DAY) - 1;
    let k = -1;
    while (k + 1 < days.length && days[k + 1]! <= end) k++;
    return k;
  });
}

/**
 * The band of cumulative active sites at each month's end: the value at the last grid day on or before it (the
 * forecast grid holds every month end), as the result sets sample the enrolled band.
 */
function sitesByMonth(ends: readonly number[], extras: ForecastExtras): ForecastRecordBand {
  const sample = (values: number[]) => ends.map((k) => (k < 0 ? 0 : (values[k] ?? 0)));
  return { p10: sample(extras.sites.p10), p50: sample(extras.sites.p50), p90: sample(extras.sites.p90) };
}

/** The count distribution of sites activated at the scored month's end (null: the plan has fewer months). */
function sitesAtScoredMonth(
  ends: readonly number[],
  extras: ForecastExtras,
): ForecastRecordCountDistribution | null {
  const k = ends[SITES_SCORE_MONTH_INDEX];
  if (k === undefined) return null;
  // No grid day by then: every replication has 0 sites (one bin; the PIT reads proportions).
  return k < 0 ? { lo: 0, counts: [1] } : extras.sites.distributionAt(k);
}

/**
 * The figures a finished run records (ForecastOfRecord): its result sets' milestone quantiles and monthly band of
 * patients enrolled, with the percentiles and sites band of its replications (`extras`; null without a Monte
 * Carlo, or from an engine that does not give them). Checked against the shared schema before it is stored.
 */
export function buildForecastOfRecord(
  rawSets: Record<string, unknown>,
  extras: ForecastExtras | null,
): ForecastOfRecord {
  const sets = rawSets as Partial<ResultSets>;
  const milestones = Object.fromEntries(
    FORECAST_RECORD_MILESTONES.map((key) => [key, milestone(sets, extras, key)]),
  ) as ForecastOfRecord['milestones'];
  const chart = sets.siteGroupChartMonthly;
  const months = chart?.header_dates_ms ?? [];
  const band = chart?.forecastBand;
  const ends = extras ? monthEndIndices(months, extras) : null;
  const horizon = sets.enrollmentTable?.find((r) => r.horizonMillis != null)?.horizonMillis ?? null;
  return ForecastOfRecord.parse({
    horizonMillis: horizon,
    milestones,
    monthStartMillis: months,
    sitesActivated: ends ? sitesByMonth(ends, extras!) : null,
    sitesMonth12: ends ? sitesAtScoredMonth(ends, extras!) : null,
    patientsEnrolled: band ? { p10: band.p10, p50: band.p50, p90: band.p90 } : null,
  });
}
