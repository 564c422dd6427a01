import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { pgliteExecutor } from '../db/pglite-executor';

/** The pg-boss queue of simulation runs; a job's data is the run it executes. */
export const RUN_QUEUE = 'simulation-run';
export interface RunJobData {
  simRunId: number;
}

export interface RunQueueTiming {
  /**
   * A job still active after this long is taken to have died with its worker and is retried (or failed after the
   * last retry) by pg-boss's supervision. A live handler keeps a lease on its run, so an expired job's retry waits
   * for it rather than running the simulation twice.
   */
  expireInSeconds: number;
  /** How often pg-boss checks for expired jobs. */
  maintenanceIntervalSeconds: number;
  /** Retries of a failed or expired job, after retryDelay seconds, doubling each time. */
  retryLimit: number;
  retryDelay: number;
  /** How often an idle worker asks for a job. */
  pollingIntervalSeconds: number;
}

export const DEFAULT_QUEUE_TIMING: RunQueueTiming = {
  expireInSeconds: 5 * 60,
  maintenanceIntervalSeconds: 30,
  retryLimit: 4,
  retryDelay: 15,
  pollingIntervalSeconds: 1,
};

const PENDING_STATES = new Set(['created', 'retry', 'active']);

/** What the queue knows of a job, for the stuck-run sweep. */
export interface RunJobState {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  retryLimit: number;
  /** When a worker last fetched it (null before the first fetch). */
  startedOn: Date | null;
}

export interface RunQueue {
  readonly timing: RunQueueTiming;
  /** The pg-boss instance, shared by the app's other queues (the ePrice uploads: jobs/eprice-uploads.ts). */
  readonly boss: PgBoss;
  /** Queues a job for the run; answers the job id. */
  enqueue(simRunId: number, jobId: string): Promise<string>;
  /** True while the job is waiting, retrying or running. */
  isPending(jobId: string): Promise<boolean>;
  /** The job's state (archived jobs included), or null when the queue never held it or has deleted it. */
  jobState(jobId: string): Promise<RunJobState | null>;
  /**
   * Makes the job of a dead worker available again at once (cancel, then resume: pg-boss's retry would wait for
   * retryDelay). Its retry count goes up when a worker fetches it, as a retry's does. A job that finished
   * meanwhile is left as it is.
   */
  requeue(jobId: string): Promise<void>;
  /** Queues the run's job again under its id (its first send never happened); false when the id exists. */
  resend(simRunId: number, jobId: string): Promise<boolean>;
  /** Ends the job as failed (retries used up); pg-boss leaves a failed job alone. */
  fail(jobId: string, message: string): Promise<void>;
  /** Runs `handler` for jobs of this queue, `concurrency` at a time in this process. */
  work(concurrency: number, handler: (data: RunJobData) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Opens the run queue in the same database as the app: natively with its own small pool on PostgreSQL, through
 * the executeSql adapter on the embedded PGlite database (pg-boss installs its schema `pgboss` there on first use).
 */
export async function openRunQueue(
  database: Database,
  options: { url?: string; timing?: Partial<RunQueueTiming>; onError?: (error: Error) => void },
): Promise<RunQueue> {
  const timing = { ...DEFAULT_QUEUE_TIMING, ...options.timing };
  const boss = await startBoss(database, options, timing);
  return runQueueOf(boss, timing);
}

/** Starts pg-boss on the app's database and creates the run queue with its retry and expiry policy. */
async function startBoss(
  database: Database,
  options: { url?: string; onError?: (error: Error) => void },
  timing: RunQueueTiming,
): Promise<PgBoss> {
  const common = {
    schedule: false,
    maintenanceIntervalSeconds: timing.maintenanceIntervalSeconds,
    application_name: 'predict-runs',
  };
  const boss =
    database.shape === 'postgres' && options.url
      ? new PgBoss({ ...common, connectionString: options.url, max: 4 })
      : new PgBoss({
          ...common,
          db: pgliteExecutor((database.db as unknown as { $client: PGlite }).$client),
        });
  boss.on('error', (error) => options.onError?.(error));
  await boss.start();
  await boss.createQueue(RUN_QUEUE, {
    name: RUN_QUEUE,
    retryLimit: timing.retryLimit,
    retryDelay: timing.retryDelay,
    retryBackoff: true,
    expireInSeconds: timing.expireInSeconds,
  });
  return boss;
}

/** The run queue's calls on a started pg-boss. */
function runQueueOf(boss: PgBoss, timing: RunQueueTiming): RunQueue {
  const send = (simRunId: number, jobId: string) =>
    boss.send(
      RUN_QUEUE,
      { simRunId },
      {
        id: jobId,
        retryLimit: timing.retryLimit,
        retryDelay: timing.retryDelay,
        retryBackoff: true,
        expireInSeconds: timing.expireInSeconds,
      },
    );
  return {
    timing,
    boss,
    async enqueue(simRunId, jobId) {
      const id = await send(simRunId, jobId);
      if (!id) throw new Error('The job queue did not accept the run.');
      return id;
    },
    async isPending(jobId) {
      const job = await boss.getJobById(RUN_QUEUE, jobId, { includeArchive: true });
      return job !== null && PENDING_STATES.has(job.state);
    },
    async jobState(jobId) {
      const job = await boss.getJobById(RUN_QUEUE, jobId, { includeArchive: true });
      if (!job) return null;
      return {
        state: job.state,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        startedOn: job.startedOn ? new Date(job.startedOn) : null,
      };
    },
    async requeue(jobId) {
      // Cancel moves a waiting or active job to cancelled (a no-op for one already cancelled, say by a sweep
      // that stopped half-way); resume moves a cancelled job back to created, with its start time in the past.
      await boss.cancel(RUN_QUEUE, jobId);
      await boss.resume(RUN_QUEUE, jobId);
    },
    async resend(simRunId, jobId) {
      return (await send(simRunId, jobId)) !== null;
    },
    async fail(jobId, message) {
      await boss.fail(RUN_QUEUE, jobId, { message });
    },
    async work(concurrency, handler) {
      for (let i = 0; i < concurrency; i++) {
        await boss.work<RunJobData>(
          RUN_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: timing.pollingIntervalSeconds },
          async ([job]) => {
            if (job) await handler(job.data);
          },
        );
      }
    },
    // Graceful: running handlers finish (or, past the timeout, their jobs are failed and retried elsewhere).
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 30_000 }),
  };
}
