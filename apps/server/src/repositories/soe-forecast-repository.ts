import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { simulationResultSets, soeAssessmentLevels, soeMapping, soeVisitLevels } from '../db/schema';

/** Every visit value an SOE sets at a country or site (all levels at once, for the forecast). */
export async function listAllVisitLevels(db: Db | Tx, soeId: number) {
  return db.select().from(soeVisitLevels).where(eq(soeVisitLevels.soeId, soeId));
}

/** Every assessment cost an SOE sets at a country or site. */
export async function listAllAssessmentLevels(db: Db | Tx, soeId: number) {
  return db.select().from(soeAssessmentLevels).where(eq(soeAssessmentLevels.soeId, soeId));
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

/**
 * The SOE's ticked cells, only what the cost functions read (no visit names, no join): a 200 x 300 grid is 60,000
 * rows, and this read is most of the forecast's database time.
 */
export async function listMappingCells(db: Db | Tx, soeId: number) {
  return db
    .select({
      visitId: soeMapping.visitId,
      assessmentId: soeMapping.assessmentId,
      multiplier: soeMapping.multiplier,
      uniqueNonUnique: soeMapping.uniqueNonUniqueForm,
    })
    .from(soeMapping)
    .where(eq(soeMapping.soeId, soeId));
}
