import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { simulationResultSets, simulationRuns, studyPlans } from '../db/schema';
import { preparedPerDb } from './prepared-per-db';

/**
 * Stores every result set of a run (name -> payload), in the caller's transaction so the sets and the run's
 * COMPLETED_OK status commit together. A set already stored for the run is kept (a retried job writes nothing new).
 */
export async function insertResultSets(
  tx: Tx,
  simRunId: number,
  sets: Record<string, unknown>,
): Promise<void> {
  const rows = Object.entries(sets).map(([setName, payload]) => ({ simRunId, setName, payload }));
  if (rows.length === 0) return;
  await tx.insert(simulationResultSets).values(rows).onConflictDoNothing();
}

/** The set of the plan's latest COMPLETED_OK run, or null when the plan has no such run or the run lacks the set. */
export async function findResultSet(db: Db | Tx, planId: number, setName: string): Promise<unknown> {
  const [latest] = await db
    .select({ simRunId: simulationRuns.simRunId })
    .from(simulationRuns)
    .where(and(eq(simulationRuns.studyPlanId, planId), eq(simulationRuns.status, 'COMPLETED_OK')))
    .orderBy(desc(simulationRuns.simRunId))
    .limit(1);
  if (!latest) return null;
  const [row] = await db
    .select({ payload: simulationResultSets.payload })
    .from(simulationResultSets)
    .where(and(eq(simulationResultSets.simRunId, latest.simRunId), eq(simulationResultSets.setName, setName)))
    .limit(1);
  return row?.payload ?? null;
}

const latestFinishedRunQuery = preparedPerDb((db) => {
  const latest = db
    .select({ simRunId: simulationRuns.simRunId, engineVersion: simulationRuns.engineVersion })
    .from(simulationRuns)
    .where(
      and(eq(simulationRuns.studyPlanId, studyPlans.studyPlanId), eq(simulationRuns.status, 'COMPLETED_OK')),
    )
    .orderBy(desc(simulationRuns.simRunId))
    .limit(1)
    .as('latest');
  return db
    .select({ simRunId: latest.simRunId, engineVersion: latest.engineVersion })
    .from(studyPlans)
    .leftJoinLateral(latest, sql`true`)
    .where(and(eq(studyPlans.studyPlanId, sql.placeholder('planId')), isNull(studyPlans.deletedAt)))
    .limit(1)
    .prepare('latest_finished_run');
});

/**
 * The plan's latest COMPLETED_OK run, in one query with the plan's own check: null when the plan is unknown or
 * deleted, `run: null` when it has no finished run.
 */
export async function findLatestFinishedRun(
  db: Db | Tx,
  planId: number,
): Promise<{ run: { simRunId: number; engineVersion: string } | null } | null> {
  const [row] = await latestFinishedRunQuery(db).execute({ planId });
  if (!row) return null;
  return {
    run: row.simRunId === null ? null : { simRunId: row.simRunId, engineVersion: row.engineVersion! },
  };
}

const resultSetOfRunQuery = preparedPerDb((db) =>
  db
    .select({ payload: simulationResultSets.payload })
    .from(simulationResultSets)
    .where(
      and(
        eq(simulationResultSets.simRunId, sql.placeholder('simRunId')),
        eq(simulationResultSets.setName, sql.placeholder('setName')),
      ),
    )
    .limit(1)
    .prepare('result_set_of_run'),
);

/** One stored set of a run, or null when the run has no such set. */
export async function findResultSetOfRun(db: Db | Tx, simRunId: number, setName: string): Promise<unknown> {
  const [row] = await resultSetOfRunQuery(db).execute({ simRunId, setName });
  return row?.payload ?? null;
}

/**
 * A run's stored uncertainty settings and, for a run stored before they were kept, the settings its engine input
 * named (the input's plan.uncertainty, read in the database rather than the whole input).
 */
export async function findRunUncertainty(
  db: Db | Tx,
  simRunId: number,
): Promise<{ stored: unknown; requested: unknown; calibrationVersion: number | null } | null> {
  const [row] = await db
    .select({
      stored: simulationRuns.uncertainty,
      calibrationVersion: simulationRuns.calibrationVersion,
      requested: sql<unknown>`${simulationRuns.inputs} -> 'plan' -> 'uncertainty'`,
    })
    .from(simulationRuns)
    .where(eq(simulationRuns.simRunId, simRunId))
    .limit(1);
  return row ?? null;
}
