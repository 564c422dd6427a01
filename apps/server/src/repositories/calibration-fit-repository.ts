import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  calibrationFits,
  calibrationVersions,
  ctmsSiteMonths,
  ctmsSites,
  forecastRecords,
  simulationRuns,
  studies,
} from '../db/schema';
import {
  baselinePlanOfStudies,
  latestExtractOfStudies,
  listExtractsSites,
} from './forecast-calibration-repository';

/**
 * The reads and writes of fitted uncertainty (issue 24 part 3): the completed-study candidates with their baseline
 * run's input and latest extract, the fit jobs and the calibration versions.
 */

export type CalibrationVersionRow = typeof calibrationVersions.$inferSelect;
export type CalibrationFitRow = typeof calibrationFits.$inferSelect;

/**
 * Every study whose Baseline Plan (the most recently updated live one, as findBaselinePlanRun chooses it) has a
 * baseline of record and that has a CTMS extract: the record's run id and engine input, the latest extract and the
 * patients it shows enrolled. Whether the study is completed (the extract reached LPI) is for the caller to read.
 */
export async function listFitCandidates(db: Db | Tx) {
  const plan = baselinePlanOfStudies(db);
  const extract = latestExtractOfStudies(db);
  const m = ctmsSiteMonths;
  const enrolled = sql<number>`(select coalesce(sum(${m.enrolled}), 0)::int from ${m}
    where ${m.extractId} = ${extract.extractId})`.mapWith(Number);
  return db
    .select({
      studyId: studies.studyId,
      projectId: studies.projectId,
      simRunId: forecastRecords.simRunId,
      inputs: simulationRuns.inputs,
      extractId: extract.extractId,
      asOf: extract.asOf,
      enrolled,
    })
    .from(plan)
    .innerJoin(
      forecastRecords,
      and(eq(forecastRecords.studyPlanId, plan.studyPlanId), eq(forecastRecords.isBaseline, true)),
    )
    .innerJoin(simulationRuns, eq(simulationRuns.simRunId, forecastRecords.simRunId))
    .innerJoin(extract, eq(extract.studyId, plan.studyId))
    .innerJoin(studies, eq(studies.studyId, plan.studyId))
    .orderBy(asc(studies.studyId));
}
export type FitCandidate = Awaited<ReturnType<typeof listFitCandidates>>[number];

/** The sites and per-site monthly counts of many extracts (months as first days, YYYY-MM-DD). */
export async function listExtractSiteMonths(db: Db | Tx, extractIds: readonly number[]) {
  if (extractIds.length === 0) return { sites: [], months: [] };
  const ids = [...extractIds];
  const m = ctmsSiteMonths;
  const [sites, months] = await Promise.all([
    listExtractsSites(db, ids),
    db
      .select({
        extractId: m.extractId,
        siteNumber: ctmsSites.siteNumber,
        month: m.month,
        screened: m.screened,
        enrolled: m.enrolled,
        completedTreatment: m.completedTreatment,
        droppedOut: m.droppedOut,
        completedFollowUp: m.completedFollowUp,
      })
      .from(m)
      .innerJoin(ctmsSites, eq(ctmsSites.ctmsSiteId, m.ctmsSiteId))
      .where(inArray(m.extractId, ids))
      .orderBy(asc(m.extractId), asc(m.month)),
  ]);
  return { sites, months };
}

export async function insertCalibrationFit(tx: Tx, values: typeof calibrationFits.$inferInsert) {
  const [row] = await tx.insert(calibrationFits).values(values).returning();
  return row!;
}

export async function findCalibrationFit(db: Db | Tx, fitId: number) {
  const [row] = await db.select().from(calibrationFits).where(eq(calibrationFits.fitId, fitId));
  return row ?? null;
}

/** Updates a fit's status or progress; answers the row (null when it is gone). */
export async function updateCalibrationFit(
  db: Db | Tx,
  fitId: number,
  values: Partial<Omit<CalibrationFitRow, 'fitId'>>,
) {
  const [row] = await db
    .update(calibrationFits)
    .set(values)
    .where(eq(calibrationFits.fitId, fitId))
    .returning();
  return row ?? null;
}

/** Takes a queued (or, after a crash, running) fit for this execution; null when it has finished. */
export async function claimCalibrationFit(db: Db | Tx, fitId: number) {
  const [row] = await db
    .update(calibrationFits)
    .set({ status: 'running', startedAt: sql`now()`, progress: 0, step: 'Starting' })
    .where(and(eq(calibrationFits.fitId, fitId), inArray(calibrationFits.status, ['queued', 'running'])))
    .returning();
  return row ?? null;
}

/** Stores a version as the next N (serialised by a transaction-scoped lock, so two fits never share one). */
export async function insertCalibrationVersion(
  tx: Tx,
  values: Omit<typeof calibrationVersions.$inferInsert, 'version' | 'calibrationVersionId'>,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('calibration_versions'))`);
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${calibrationVersions.version}), 0) + 1`.mapWith(Number) })
    .from(calibrationVersions)) as [{ next: number }];
  const [row] = await tx
    .insert(calibrationVersions)
    .values({ ...values, version: next })
    .returning();
  return row!;
}

export async function listCalibrationVersions(db: Db | Tx) {
  return db.select().from(calibrationVersions).orderBy(desc(calibrationVersions.version));
}

export async function findCalibrationVersion(db: Db | Tx, version: number) {
  const [row] = await db.select().from(calibrationVersions).where(eq(calibrationVersions.version, version));
  return row ?? null;
}

/** The approved version (the one new runs use), or null. */
export async function findApprovedCalibrationVersion(db: Db | Tx) {
  const [row] = await db
    .select()
    .from(calibrationVersions)
    .where(eq(calibrationVersions.status, 'approved'))
    .limit(1);
  return row ?? null;
}

/**
 * Makes `version` the approved one in the caller's transaction: the previous approved version becomes superseded
 * first (the partial unique index allows one approved row after each statement). Answers both rows.
 */
export async function approveCalibrationVersion(
  tx: Tx,
  version: number,
  approvedBy: string,
): Promise<{ previous: CalibrationVersionRow | null; approved: CalibrationVersionRow | null }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('calibration_versions'))`);
  const previous = await findApprovedCalibrationVersion(tx);
  if (previous && previous.version !== version)
    await tx
      .update(calibrationVersions)
      .set({ status: 'superseded' })
      .where(eq(calibrationVersions.version, previous.version));
  const [approved] = await tx
    .update(calibrationVersions)
    .set({ status: 'approved', approvedBy, approvedAt: sql`now()` })
    .where(eq(calibrationVersions.version, version))
    .returning();
  return { previous, approved: approved ?? null };
}
