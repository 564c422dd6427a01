import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { simulationResultSets, simulationRuns } from '../db/schema';

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
