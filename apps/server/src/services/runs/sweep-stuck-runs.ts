import type { Db } from '../../db/client';
import type { RunHolds } from '../../jobs/run-holds';
import type { RunJobState, RunQueue } from '../../jobs/run-queue';
import { SYSTEM_ACTOR, writeAudit } from '../../repositories/audit-repository';
import {
  EXECUTING_RUN_STATUSES,
  failActiveRun,
  findUnfinishedRuns,
  setPlanRunStatus,
  type UnfinishedRun,
} from '../../repositories/simulation-runs-repository';
import { RUN_LEASE_SECONDS } from './execute-simulation-run';

/** Ours: a run whose job is gone (its retries used up by crashes or outages). */
export const INTERRUPTED_MESSAGE = 'The simulation was interrupted. Please run it again.';
export const INTERRUPTED_DETAIL =
  'The worker running it stopped before it finished, and the retries ran out.';

export type RecoveryAction = 'leave' | 'requeue' | 'resend' | 'fail';

/**
 * What the sweep does with an unfinished run. Its execution is dead when its lease has lapsed or nobody holds it
 * (`holderGone`). A dead execution's job, still active in the queue, is requeued at once while it has retries left
 * (the retry's claim takes the run over), else the run fails; a job still waiting is left to the workers. A run
 * recorded but never queued (the server died between the two) is queued again once its lease has lapsed.
 */
export function recoveryAction(
  run: UnfinishedRun,
  job: RunJobState | null,
  holderGone: boolean,
  leaseSeconds: number,
): RecoveryAction {
  const executing = (EXECUTING_RUN_STATUSES as readonly string[]).includes(run.status);
  const dead = run.stale || (executing && holderGone);
  if (!run.jobId) return run.stale ? 'fail' : 'leave';
  if (!job) return !run.stale ? 'leave' : executing ? 'fail' : 'resend';
  const retryOrFail = job.retryCount < job.retryLimit ? 'requeue' : 'fail';
  switch (job.state) {
    case 'created':
    case 'retry':
      return 'leave';
    case 'cancelled':
      // Only a sweep cancels a job, to resume it: one that stopped half-way is finished here.
      return retryOrFail;
    case 'active': {
      const fetchedAt = job.startedOn?.getTime() ?? 0;
      // The attempt of this fetch claimed the run (a claim follows its fetch): its execution's lease and hold
      // decide, however long ago the fetch was. A run outlasting its lease while its heartbeat renews it is alive.
      const claimedByThisFetch = executing && run.startedAt !== null && fetchedAt <= run.startedAt.getTime();
      if (claimedByThisFetch) return dead ? retryOrFail : 'leave';
      // Fetched and not claimed (yet): the attempt may be about to claim, so it is left its lease's time.
      const fetchLapsed = fetchedAt < run.checkedAt.getTime() - leaseSeconds * 1000;
      return fetchLapsed ? retryOrFail : 'leave';
    }
    default:
      return dead ? 'fail' : 'leave';
  }
}

export interface SweepDeps {
  db: Db;
  queue: Pick<RunQueue, 'jobState' | 'requeue' | 'resend' | 'fail'>;
  /** The workers' run holds; without them only the lease tells a dead execution. */
  holds?: Pick<RunHolds, 'isFree'>;
  leaseSeconds?: number;
}

/**
 * Recovers the runs of dead workers (see recoveryAction): requeues their jobs, or fails them as TEMPORARY_PROBLEM
 * with the interrupted message (the user can run the plan again). Answers the runs of each kind.
 */
export async function sweepStuckRuns(deps: SweepDeps): Promise<{ requeued: number[]; failed: number[] }> {
  const { db, queue } = deps;
  const leaseSeconds = deps.leaseSeconds ?? RUN_LEASE_SECONDS;
  const requeued: number[] = [];
  const failed: number[] = [];
  for (const run of await findUnfinishedRuns(db, leaseSeconds)) {
    const job = run.jobId ? await queue.jobState(run.jobId) : null;
    const executing = (EXECUTING_RUN_STATUSES as readonly string[]).includes(run.status);
    const holderGone = executing && !!deps.holds && !!run.jobId && (await deps.holds.isFree(run.simRunId));
    const action = recoveryAction(run, job, holderGone, leaseSeconds);
    if (action === 'requeue') await queue.requeue(run.jobId!);
    if (action === 'resend') await queue.resend(run.simRunId, run.jobId!);
    if (action === 'requeue' || action === 'resend') requeued.push(run.simRunId);
    if (action !== 'fail') continue;
    if (job?.state === 'active') await queue.fail(run.jobId!, INTERRUPTED_DETAIL);
    // Checked again in the update: a worker may have taken the run meanwhile.
    const guard = !run.stale && run.startedAt ? { startedAt: run.startedAt } : { staleSeconds: leaseSeconds };
    if (await failRun(db, run, guard)) failed.push(run.simRunId);
  }
  return { requeued, failed };
}

async function failRun(
  db: Db,
  run: UnfinishedRun,
  guard: { staleSeconds: number } | { startedAt: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await failActiveRun(
      tx,
      run.simRunId,
      { status: 'TEMPORARY_PROBLEM', message: INTERRUPTED_MESSAGE, detail: INTERRUPTED_DETAIL },
      guard,
    );
    if (!ended) return false;
    const studyId = await setPlanRunStatus(tx, ended.studyPlanId, ended);
    await writeAudit(tx, SYSTEM_ACTOR, {
      entity: 'simulation_run',
      entityId: ended.simRunId,
      studyId,
      action: 'status',
      oldValues: { status: run.status },
      newValues: { status: ended.status, message: ended.message },
    });
    return true;
  });
}
