import type { Db } from '../../db/client';
import type { RunQueue } from '../../jobs/run-queue';
import { SYSTEM_ACTOR, writeAudit } from '../../repositories/audit-repository';
import {
  failActiveRun,
  findStaleActiveRuns,
  setPlanRunStatus,
} from '../../repositories/simulation-runs-repository';
import { RUN_LEASE_SECONDS } from './execute-simulation-run';

/** Ours: a run whose job is gone (its retries used up by crashes or outages). */
export const INTERRUPTED_MESSAGE = 'The simulation was interrupted. Please run it again.';
export const INTERRUPTED_DETAIL =
  'The worker running it stopped before it finished, and the retries ran out.';

/**
 * Fails the runs nobody will finish: not finished, untouched for longer than the lease (no live worker heartbeats
 * them), and whose job the queue no longer holds (completed, failed after its last retry, removed, or never
 * queued). A run whose job is still waiting, retrying or active is left to the queue: its retry takes the run over.
 * Answers the runs failed, as TEMPORARY_PROBLEM (the user can run the plan again).
 */
export async function sweepStuckRuns(
  db: Db,
  queue: Pick<RunQueue, 'isPending'>,
  staleSeconds = RUN_LEASE_SECONDS,
): Promise<number[]> {
  const failed: number[] = [];
  for (const run of await findStaleActiveRuns(db, staleSeconds)) {
    if (run.jobId && (await queue.isPending(run.jobId))) continue;
    const row = await db.transaction(async (tx) => {
      // Checked again in the update: a worker may have taken the run meanwhile.
      const ended = await failActiveRun(
        tx,
        run.simRunId,
        { status: 'TEMPORARY_PROBLEM', message: INTERRUPTED_MESSAGE, detail: INTERRUPTED_DETAIL },
        staleSeconds,
      );
      if (!ended) return null;
      await setPlanRunStatus(tx, ended.studyPlanId, ended);
      await writeAudit(tx, SYSTEM_ACTOR, {
        entity: 'simulation_run',
        entityId: ended.simRunId,
        action: 'status',
        oldValues: { status: run.status },
        newValues: { status: ended.status, message: ended.message },
      });
      return ended;
    });
    if (row) failed.push(row.simRunId);
  }
  return failed;
}
