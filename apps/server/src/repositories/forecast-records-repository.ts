import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { ctmsExtracts, forecastRecords, planRemodels, studyPlans } from '../db/schema';

export type ForecastRecordRow = typeof forecastRecords.$inferSelect;
export type NewForecastRecordRow = typeof forecastRecords.$inferInsert;

/**
 * What a record says about the plan when its run finishes: the plan's study, version, type and status, and for a
 * remodel plan the extract it re-forecasts from (its version and as-of time). Null when the plan is gone.
 */
export async function findRecordContext(tx: Tx, studyPlanId: number) {
  const [row] = await tx
    .select({
      studyId: studyPlans.studyId,
      planVersion: studyPlans.studyPlanVersion,
      studyPlanTypeDetail: studyPlans.studyPlanTypeDetail,
      scenarioStatus: studyPlans.scenarioStatus,
      extractId: ctmsExtracts.extractId,
      extractVersion: ctmsExtracts.version,
      asOf: ctmsExtracts.asOf,
    })
    .from(studyPlans)
    .leftJoin(planRemodels, eq(planRemodels.studyPlanId, studyPlans.studyPlanId))
    .leftJoin(ctmsExtracts, eq(ctmsExtracts.extractId, planRemodels.extractId))
    .where(eq(studyPlans.studyPlanId, studyPlanId))
    .limit(1);
  return row ?? null;
}

/** Stores a run's record; a retried job's second attempt stores nothing (one record per run). */
export async function insertForecastRecord(
  tx: Tx,
  values: NewForecastRecordRow,
): Promise<ForecastRecordRow | null> {
  const [row] = await tx
    .insert(forecastRecords)
    .values(values)
    .onConflictDoNothing({ target: forecastRecords.simRunId })
    .returning();
  return row ?? null;
}

type RecordRef = Pick<ForecastRecordRow, 'forecastRecordId' | 'simRunId'>;
const ref = { forecastRecordId: forecastRecords.forecastRecordId, simRunId: forecastRecords.simRunId };

/**
 * Makes the plan's newest record its baseline of record (and no other), in the caller's transaction, which holds
 * the plan's row lock. Answers the baseline before and after; both the same when nothing changed (the newest one
 * already was, or the plan has no record).
 */
export async function lockNewestRecordAsBaseline(
  tx: Tx,
  studyPlanId: number,
): Promise<{ previous: RecordRef | null; current: RecordRef | null }> {
  const [previous] = await tx
    .select(ref)
    .from(forecastRecords)
    .where(and(eq(forecastRecords.studyPlanId, studyPlanId), eq(forecastRecords.isBaseline, true)));
  const [newest] = await tx
    .select(ref)
    .from(forecastRecords)
    .where(eq(forecastRecords.studyPlanId, studyPlanId))
    .orderBy(desc(forecastRecords.forecastRecordId))
    .limit(1);
  if (!newest || newest.forecastRecordId === previous?.forecastRecordId)
    return { previous: previous ?? null, current: previous ?? null };
  // Cleared first: the partial unique index allows one baseline per plan after each statement.
  if (previous)
    await tx
      .update(forecastRecords)
      .set({ isBaseline: false })
      .where(eq(forecastRecords.forecastRecordId, previous.forecastRecordId));
  await tx
    .update(forecastRecords)
    .set({ isBaseline: true, baselinedAt: sql`now()` })
    .where(eq(forecastRecords.forecastRecordId, newest.forecastRecordId));
  return { previous: previous ?? null, current: newest };
}

/** The plan's live remodel plans (made from it by REMODEL: a plan_remodels row and clonedStudyPlanId = the plan). */
function remodelChildren(db: Db | Tx, studyPlanId: number) {
  const child = alias(studyPlans, 'remodel_child');
  return db
    .select({ studyPlanId: child.studyPlanId })
    .from(child)
    .innerJoin(planRemodels, eq(planRemodels.studyPlanId, child.studyPlanId))
    .where(and(eq(child.clonedStudyPlanId, studyPlanId), isNull(child.deletedAt)));
}

/**
 * The records of a plan and of its live remodel plans, newest first, with each record's plan name. The plan itself
 * is checked by the caller.
 */
export async function listPlanHistoryRecords(db: Db | Tx, studyPlanId: number) {
  return db
    .select({ record: forecastRecords, studyPlanName: studyPlans.studyPlanName })
    .from(forecastRecords)
    .innerJoin(studyPlans, eq(studyPlans.studyPlanId, forecastRecords.studyPlanId))
    .where(
      and(
        isNull(studyPlans.deletedAt),
        or(
          eq(forecastRecords.studyPlanId, studyPlanId),
          inArray(forecastRecords.studyPlanId, remodelChildren(db, studyPlanId)),
        ),
      ),
    )
    .orderBy(desc(forecastRecords.createdAt), desc(forecastRecords.forecastRecordId));
}
