import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { ACTIVE_RUN_STATUSES } from '@predict/shared';
import { simulationRuns, studyPlans } from '../db/schema';

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

/** The status columns of the plan's most recent run (not its input), or null: what a status stream reads often. */
export async function findLatestRunStatus(
  db: Db | Tx,
  planId: number,
): Promise<Pick<SimulationRunRow, 'simRunId' | 'status' | 'message' | 'detail'> | null> {
  const [row] = await db
    .select({
      simRunId: simulationRuns.simRunId,
      status: simulationRuns.status,
      message: simulationRuns.message,
      detail: simulationRuns.detail,
    })
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
): Promise<number | null> {
  // Answers the plan's study so that the run's audit row can name it.
  const [plan] = await tx
    .update(studyPlans)
    .set({ simOptRunId: String(run.simRunId), simOptRunStatus: run.status, simOptRunMsg: run.message })
    .where(eq(studyPlans.studyPlanId, planId))
    .returning({ studyId: studyPlans.studyId });
  return plan?.studyId ?? null;
}

export async function findRun(db: Db | Tx, simRunId: number): Promise<SimulationRunRow | null> {
  const [row] = await db.select().from(simulationRuns).where(eq(simulationRuns.simRunId, simRunId)).limit(1);
  return row ?? null;
}

/** Statuses of a run a worker is executing. */
export const EXECUTING_RUN_STATUSES = ['RUNNING', 'PROCESSING'] as const;

const olderThan = (seconds: number) =>
  sql`${simulationRuns.updatedAt} < now() - make_interval(secs => ${seconds})`;

/**
 * Takes a run for execution: a run waiting to start, or one whose executing worker has not touched it for
 * `leaseSeconds` or is known to be gone (`holderGone`: the caller holds the run's hold, see jobs/run-holds.ts).
 * Sets RUNNING with a fresh startedAt, which is the execution's token: later writes of this execution are
 * conditional on it, so a run is completed by one execution only. Null when the run is finished, missing, or held
 * by a live worker. The lease is checked in this update, so two claims cannot both win.
 */
export async function claimRun(
  tx: Tx,
  simRunId: number,
  lease: { leaseSeconds: number; holderGone?: boolean },
  values: Pick<SimulationRunRow, 'message' | 'engineVersion'>,
): Promise<SimulationRunRow | null> {
  const executing = inArray(simulationRuns.status, [...EXECUTING_RUN_STATUSES]);
  const [row] = await tx
    .update(simulationRuns)
    .set({
      status: 'RUNNING',
      message: values.message,
      detail: null,
      engineVersion: values.engineVersion,
      // Millisecond precision: the token is compared with the JavaScript Date read back.
      startedAt: sql`date_trunc('milliseconds', clock_timestamp())`,
      finishedAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(simulationRuns.simRunId, simRunId),
        or(
          inArray(simulationRuns.status, ['NOT_STARTED', 'REQUESTING']),
          lease.holderGone ? executing : and(executing, olderThan(lease.leaseSeconds)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** The run as long as the execution started at `startedAt` still holds it. */
function heldBy(simRunId: number, startedAt: Date) {
  return and(
    eq(simulationRuns.simRunId, simRunId),
    eq(simulationRuns.startedAt, startedAt),
    inArray(simulationRuns.status, [...EXECUTING_RUN_STATUSES]),
  );
}

/** Progress of an execution (status, message, detail; none = a heartbeat); null when it no longer holds the run. */
export async function touchRun(
  db: Db | Tx,
  simRunId: number,
  startedAt: Date,
  values: Partial<Pick<SimulationRunRow, 'status' | 'message' | 'detail'>>,
): Promise<SimulationRunRow | null> {
  const [row] = await db
    .update(simulationRuns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(heldBy(simRunId, startedAt))
    .returning();
  return row ?? null;
}

/** Ends an execution with its final status; null when the execution no longer holds the run (nothing written). */
export async function finishRun(
  tx: Tx,
  simRunId: number,
  startedAt: Date,
  values: Pick<SimulationRunRow, 'status' | 'message' | 'detail'> &
    Partial<Pick<SimulationRunRow, 'uncertainty'>>,
): Promise<SimulationRunRow | null> {
  const [row] = await tx
    .update(simulationRuns)
    .set({ ...values, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(heldBy(simRunId, startedAt))
    .returning();
  return row ?? null;
}

/**
 * Ends a run that has not finished (the queue refused it, or its execution died), if `guard` still holds in this
 * update: untouched for `staleSeconds`, or still claimed by the execution started at `startedAt` (a dead one).
 */
export async function failActiveRun(
  tx: Tx,
  simRunId: number,
  values: Pick<SimulationRunRow, 'status' | 'message' | 'detail'>,
  guard: { staleSeconds: number } | { startedAt: Date } | null = null,
): Promise<SimulationRunRow | null> {
  const [row] = await tx
    .update(simulationRuns)
    .set({ ...values, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(simulationRuns.simRunId, simRunId),
        inArray(simulationRuns.status, [...ACTIVE_RUN_STATUSES]),
        guard === null
          ? undefined
          : 'staleSeconds' in guard
            ? olderThan(guard.staleSeconds)
            : eq(simulationRuns.startedAt, guard.startedAt),
      ),
    )
    .returning();
  return row ?? null;
}

export interface UnfinishedRun {
  simRunId: number;
  studyPlanId: number;
  status: SimulationRunRow['status'];
  jobId: string | null;
  startedAt: Date | null;
  /** Untouched for longer than the lease. */
  stale: boolean;
  /** The database's clock when read. */
  checkedAt: Date;
}

/** Runs that have not finished, with whether their lease has lapsed (by the database's clock). */
export async function findUnfinishedRuns(db: Db | Tx, leaseSeconds: number): Promise<UnfinishedRun[]> {
  return db
    .select({
      simRunId: simulationRuns.simRunId,
      studyPlanId: simulationRuns.studyPlanId,
      status: simulationRuns.status,
      jobId: simulationRuns.jobId,
      startedAt: simulationRuns.startedAt,
      stale: sql<boolean>`${olderThan(leaseSeconds)}`,
      checkedAt: sql<Date>`now()`.mapWith(simulationRuns.updatedAt),
    })
    .from(simulationRuns)
    .where(inArray(simulationRuns.status, [...ACTIVE_RUN_STATUSES]))
    .orderBy(simulationRuns.simRunId);
}
