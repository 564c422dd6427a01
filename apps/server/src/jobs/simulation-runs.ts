import type { Database } from '../db/client';
import { executeSimulationRun, RUN_LEASE_SECONDS } from '../services/runs/execute-simulation-run';
import { sweepStuckRuns } from '../services/runs/sweep-stuck-runs';
import { startEnginePool, type EnginePool } from './engine-pool';
import { poolEngine, type EngineRunner } from './run-engine';
import { postgresRunHolds, processRunHolds, type RunHolds } from './run-holds';
import { openRunQueue, type RunQueue, type RunQueueTiming } from './run-queue';

/** Runs executed at once by one process: while one builds its result sets, the threads work on the other. */
export const RUNS_PER_PROCESS = 2;
/**
 * How often a worker process looks for the runs of dead workers (also once at start). With the holds, a killed
 * worker's run is requeued by the next sweep of a live process; a lapsed lease (RUN_LEASE_SECONDS) is noticed
 * within one more interval.
 */
export const SWEEP_INTERVAL_SECONDS = 10;

export interface RunsLog {
  info(message: string): void;
  error(message: string): void;
}

export interface SimulationRunsOptions {
  database: Database;
  /** DATABASE_URL: pg-boss connects natively; without it, it runs on the embedded database. */
  url?: string;
  /** Execute runs in this process (else it only queues them). */
  workers: boolean;
  threads: number;
  log: RunsLog;
  timing?: Partial<RunQueueTiming>;
  /** Replaces the worker-thread engine (tests). */
  engine?: EngineRunner;
  leaseSeconds?: number;
  sweepIntervalSeconds?: number;
}

export interface SimulationRuns {
  queue: RunQueue;
  /** Stops taking jobs, lets running ones finish, stops the threads. */
  stop(): Promise<void>;
}

/**
 * The queue of simulation runs and, when `workers`, this process's workers: the engine's worker threads, the run
 * holds (run-holds.ts), the job handler (execute-simulation-run.ts) for RUNS_PER_PROCESS jobs at a time, and the
 * stuck-run sweep (sweep-stuck-runs.ts) at start, before taking jobs, and every SWEEP_INTERVAL_SECONDS.
 */
export async function startSimulationRuns(o: SimulationRunsOptions): Promise<SimulationRuns> {
  const queue = await openRunQueue(o.database, {
    ...(o.url ? { url: o.url } : {}),
    ...(o.timing ? { timing: o.timing } : {}),
    onError: (error) => o.log.error(`Job queue: ${error.message}`),
  });
  if (!o.workers) return { queue, stop: () => queue.stop() };

  let pool: EnginePool | null = null;
  // The embedded database belongs to this process alone; PostgreSQL is shared by every worker process.
  const holds: RunHolds =
    o.database.shape === 'postgres' && o.url ? postgresRunHolds(o.url) : processRunHolds();
  try {
    pool = o.engine ? null : await startEnginePool(o.threads);
    const engine = o.engine ?? poolEngine(pool!);
    const leaseSeconds = o.leaseSeconds ?? RUN_LEASE_SECONDS;
    const db = o.database.db;
    let sweeping = false;
    const sweep = async () => {
      if (sweeping) return;
      sweeping = true;
      try {
        const { requeued, failed } = await sweepStuckRuns({ db, queue, holds, leaseSeconds });
        if (requeued.length > 0) o.log.info(`Requeued interrupted simulation runs: ${requeued.join(', ')}`);
        if (failed.length > 0) o.log.info(`Failed interrupted simulation runs: ${failed.join(', ')}`);
      } catch (error) {
        o.log.error(`Stuck-run sweep: ${(error as Error).message}`);
      } finally {
        sweeping = false;
      }
    };
    await sweep();
    const timer = setInterval(() => void sweep(), (o.sweepIntervalSeconds ?? SWEEP_INTERVAL_SECONDS) * 1000);
    timer.unref();
    await queue.work(RUNS_PER_PROCESS, async ({ simRunId }) => {
      const result = await executeSimulationRun({ db, engine, leaseSeconds, holds }, simRunId);
      o.log.info(`Simulation run ${simRunId}: ${result}`);
    });
    const threadPool = pool;
    return {
      queue,
      async stop() {
        clearInterval(timer);
        await queue.stop();
        await threadPool?.close();
        await holds.close();
      },
    };
  } catch (error) {
    await queue.stop();
    await pool?.close();
    await holds.close();
    throw error;
  }
}
