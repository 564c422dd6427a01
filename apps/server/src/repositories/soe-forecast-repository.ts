import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  simulationResultSets,
  simulationRuns,
  soeAssessmentLevels,
  soeMapping,
  soeVisitLevels,
} from '../db/schema';

/** The rows of a compact JSON read: arrays of column values, in the order the query names them. */
async function jsonRows<T extends unknown[]>(db: Db | Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: { answer: string }[] };
  return JSON.parse(result.rows[0]!.answer) as T[];
}

/**
 * Every visit value an SOE sets at a country or site (all levels at once, for the forecast). Like the cells below,
 * read as one JSON text of arrays: thousands of rows decoded one by one cost more CPU than the forecast itself.
 */
export async function listAllVisitLevels(db: Db | Tx, soeId: number) {
  const rows = await jsonRows<[number, number, number, number | null, number | null, number | null]>(
    db,
    sql`select coalesce(json_agg(json_build_array(visit_id, site_group_id, site_id,
      visit_overhead_pct::float8, visit_cost_cents, visit_cost_total_cents)), '[]')::text as answer
    from ${soeVisitLevels} where soe_id = ${soeId}`,
  );
  return rows.map(
    ([visitId, siteGroupId, siteId, visitOverheadPct, visitCostCents, visitCostTotalCents]) => ({
      visitId,
      siteGroupId,
      siteId,
      visitOverheadPct,
      visitCostCents,
      visitCostTotalCents,
    }),
  );
}

/** Every assessment cost an SOE sets at a country or site. */
export async function listAllAssessmentLevels(db: Db | Tx, soeId: number) {
  const rows = await jsonRows<[number, number, number, number | null]>(
    db,
    sql`select coalesce(json_agg(json_build_array(assessment_id, site_group_id, site_id,
      assessment_cost_cents)), '[]')::text as answer
    from ${soeAssessmentLevels} where soe_id = ${soeId}`,
  );
  return rows.map(([assessmentId, siteGroupId, siteId, assessmentCostCents]) => ({
    assessmentId,
    siteGroupId,
    siteId,
    assessmentCostCents,
  }));
}

/**
 * The run's study-level P10 / P50 / P90 cumulative enrolled per month end (the monthly site-group chart's
 * forecastBand), without reading the rest of that set; null when the run has none (plan line only, cohort plans).
 */
export async function findRunEnrolledBand(
  db: Db | Tx,
  simRunId: number,
): Promise<{ p10: number[]; p50: number[]; p90: number[] } | null> {
  const [row] = await db
    .select({ band: sql<unknown>`${simulationResultSets.payload} -> 'forecastBand'` })
    .from(simulationResultSets)
    .where(
      and(
        eq(simulationResultSets.simRunId, simRunId),
        eq(simulationResultSets.setName, 'siteGroupChartMonthly'),
      ),
    );
  const band = row?.band as { p10?: unknown; p50?: unknown; p90?: unknown } | null | undefined;
  const ok = (a: unknown): a is number[] => Array.isArray(a) && a.every((x) => typeof x === 'number');
  return band && ok(band.p10) && ok(band.p50) && ok(band.p90)
    ? { p10: band.p10, p50: band.p50, p90: band.p90 }
    : null;
}

/** The seed and replication count of a run (its Monte Carlo can be re-run replication by replication). */
export async function findRunSeed(
  db: Db | Tx,
  simRunId: number,
): Promise<{ seed: number; replications: number } | null> {
  const [row] = await db
    .select({ seed: simulationRuns.seed, replications: simulationRuns.replications })
    .from(simulationRuns)
    .where(eq(simulationRuns.simRunId, simRunId));
  return row ?? null;
}

/**
 * The SOE's ticked cells, only what the cost functions read (no visit names, no join): a 200 x 300 grid is 60,000
 * rows, and this read is most of the forecast's database time, hence one JSON text of arrays.
 */
export async function listMappingCells(db: Db | Tx, soeId: number) {
  const rows = await jsonRows<[number, number, number, 'U' | 'N' | null]>(
    db,
    sql`select coalesce(json_agg(json_build_array(visit_id, assessment_id, multiplier::float8,
      unique_non_unique_form)), '[]')::text as answer
    from ${soeMapping} where soe_id = ${soeId}`,
  );
  return rows.map(([visitId, assessmentId, multiplier, uniqueNonUnique]) => ({
    visitId,
    assessmentId,
    multiplier,
    uniqueNonUnique,
  }));
}
