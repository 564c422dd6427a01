import {
  ForecastOfRecord,
  type ComparedPlan,
  type DurationRow,
  type MilestoneQuantiles,
  type SummaryRow,
  type TimelineRow,
} from '@predict/shared';
import { LruMap } from '../../caching/lru-map';
import { perDb } from '../../caching/per-db';
import type { Db } from '../../db/client';
import { findComparedRuns } from '../../repositories/plan-comparison-repository';
import { comparedInputs } from './compared-inputs';

/** What a comparison shows of one finished run; everything but the plan's own names and its cost. */
export type ComparedRun = Pick<
  ComparedPlan,
  | 'inputs'
  | 'milestones'
  | 'lpiPercentiles'
  | 'lpiProbabilityReached'
  | 'horizonMillis'
  | 'figures'
  | 'enrollment'
>;

const DAY_MS = 86_400_000;
/** The timeline row whose days shift LPLV (= TFED) to database lock (engine results/tables.ts). */
const DB_LOCK_ROW = 'TFED to DB Lock';
const NO_QUANTILES: MilestoneQuantiles = { p10: null, p50: null, p90: null };

type RunRow = Awaited<ReturnType<typeof findComparedRuns>>[number];

const shift = (value: number | null, days: number | null) =>
  value === null || days === null ? null : value + days * DAY_MS;

function milestones(record: ForecastOfRecord | null, timeline: readonly TimelineRow[]) {
  const m = record?.milestones;
  const quantiles = (q: MilestoneQuantiles | undefined) =>
    q ? { p10: q.p10, p50: q.p50, p90: q.p90 } : NO_QUANTILES;
  const lockDays = timeline.find((r) => r.DurationLabel === DB_LOCK_ROW)?.days ?? null;
  const lplv = quantiles(m?.lplv);
  return {
    fsiv: quantiles(m?.fsiv),
    fpi: quantiles(m?.fpi),
    lpi: quantiles(m?.lpi),
    lplv,
    // Lock is LPLV plus a fixed number of days in every replication, so its quantiles are LPLV's shifted.
    dbLock: {
      p10: shift(lplv.p10, lockDays),
      p50: shift(lplv.p50, lockDays),
      p90: shift(lplv.p90, lockDays),
    },
  };
}

const figure = (value: number | '##' | undefined) => (typeof value === 'number' ? value : null);

function figures(summary: readonly SummaryRow[]): ComparedRun['figures'] {
  const overall = summary.find((r) => r.siteGroupName === 'Overall');
  return {
    enrollmentDurationMonths: figure(overall?.['Enrollment Duration']),
    sitesActivated: figure(overall?.['Number of Activated Sites']),
    siteMonths: figure(overall?.['Site Months']),
    patientsScreened: figure(overall?.['Number of Patients Screened']),
    patientsEnrolled: figure(overall?.['Number of Patients Enrolled']),
    patientsCompleting: figure(overall?.['Number of Patients Completing Treatment']),
  };
}

function presentRun(row: RunRow, typeDetail: string): ComparedRun {
  const record = row.forecast === null ? null : ForecastOfRecord.parse(row.forecast);
  const durations = (row.durationTable ?? []) as DurationRow[];
  const startUpDays = new Map(durations.map((d) => [d.siteGroupName, d['Total Start-Up Duration']]));
  const parts = [
    { label: row.label, plan: row.plan as Record<string, unknown> | null, siteGroups: row.siteGroups },
    ...(row.combineWith as { label: unknown; plan: Record<string, unknown> | null; siteGroups: unknown }[]),
  ].map((p) => ({ ...p, siteGroups: (p.siteGroups ?? []) as Record<string, unknown>[] }));
  const lpi = record?.milestones.lpi;
  const band = record?.patientsEnrolled;
  return {
    inputs: comparedInputs(typeDetail, parts, startUpDays),
    milestones: milestones(record, (row.timelineTable ?? []) as TimelineRow[]),
    lpiPercentiles: lpi?.percentiles ?? null,
    lpiProbabilityReached: lpi?.probabilityReached ?? null,
    horizonMillis: record?.horizonMillis ?? null,
    figures: figures((row.summaryTable ?? []) as SummaryRow[]),
    enrollment:
      record && band
        ? { monthStartMillis: record.monthStartMillis, p10: band.p10, p50: band.p50, p90: band.p90 }
        : null,
  };
}

/**
 * Finished runs never change (their sets and record are written once, with COMPLETED_OK): what a comparison shows
 * of a run is kept by run id, a few kB each, so a shared comparison opened again reads only the plans.
 */
const runs = perDb<Db, LruMap<number, ComparedRun>>(() => new LruMap(256));

/** The comparison's part of each run (by run id), reading the runs not yet kept in one query. */
export async function readComparedRuns(
  db: Db,
  wanted: readonly { simRunId: number; typeDetail: string }[],
): Promise<Map<number, ComparedRun>> {
  const cache = runs(db);
  const found = new Map<number, ComparedRun>();
  for (const w of wanted) {
    const hit = cache.get(w.simRunId);
    if (hit) found.set(w.simRunId, hit);
  }
  const missing = wanted.filter((w) => !found.has(w.simRunId));
  if (missing.length === 0) return found;
  const rows = await findComparedRuns(
    db,
    missing.map((w) => w.simRunId),
  );
  for (const row of rows) {
    const typeDetail = missing.find((w) => w.simRunId === row.simRunId)!.typeDetail;
    const run = presentRun(row, typeDetail);
    cache.set(row.simRunId, run);
    found.set(row.simRunId, run);
  }
  return found;
}
