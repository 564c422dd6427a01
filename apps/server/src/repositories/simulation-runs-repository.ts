import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { ACTIVE_RUN_STATUSES, simulationRuns, studyPlans } from '../db/schema';

export type SimulationRunRow = typeof simulationRuns.$inferSelect;
export type NewSimulationRunRow = typeof simulationRuns.$inferInsert;

/** The plan's run that has not finished (at most one), or null. */
export async function findActiveRun(db: Db | Tx, planId: number): Promise<SimulationRunRow | null> {
  const [row] = await db
    .select()
    .from(simulationRuns)
    .where(
      and(eq(simulationRuns.studyPlanId, planId), inArray(simulationRuns.status, [...ACTIVE_RUN_STATUSES])),
    )
    .limit(1);
  return row ?? null;
}

/** The plan's most recent run, or null when it has none. */
export async function findLatestRun(db: Db | Tx, planId: number): Promise<SimulationRunRow | null> {
  const [row] = await db
    .select()
    .from(simulationRuns)
    .where(eq(simulationRuns.studyPlanId, planId))
    .orderBy(desc(simulationRuns.simRunId))
    .limit(1);
  return row ?? null;
}

export async function insertRun(tx: Tx, values: NewSimulationRunRow): Promise<SimulationRunRow> {
  const [row] = await tx.insert(simulationRuns).values(values).returning();
  return row!;
}

/**
 * Mirrors a run's status on the plan (simOptRunId, simOptRunStatus, simOptRunMsg), which the plan list reads. The
 * plan's row version stays: a run does not change what the user edits.
 */
export async function setPlanRunStatus(
  tx: Tx,
  planId: number,
  run: Pick<SimulationRunRow, 'simRunId' | 'status' | 'message'>,
): Promise<void> {
  await tx
    .update(studyPlans)
    .set({ simOptRunId: String(run.simRunId), simOptRunStatus: run.status, simOptRunMsg: run.message })
    .where(eq(studyPlans.studyPlanId, planId));
}
