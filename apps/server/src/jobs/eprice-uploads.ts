import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { runEpriceUpload } from '../services/soe-uploads/run-eprice-upload';
import type { RunsLog } from './simulation-runs';

/** The pg-boss queue of ePrice uploads (POST /ctpo/files); a job's data is the stored upload it processes. */
export const EPRICE_QUEUE = 'soe-eprice-upload';
export interface EpriceJobData {
  uploadId: number;
}

/** Uploads processed at once by one process (each parses in an upload worker thread of its own). */
export const EPRICE_JOBS_PER_PROCESS = 1;
const TIMING = { retryLimit: 2, retryDelay: 5, expireInSeconds: 120, pollingIntervalSeconds: 1 };

export interface EpriceQueue {
  /** Queues the upload's job; answers the job id. */
  enqueue(uploadId: number): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The queue of ePrice uploads (jobs/eprice-uploads.ts). */
    epriceQueue: EpriceQueue;
  }
}

/** Creates the queue (DDL on pg-boss 10: the role preparing the database does it, db/app-role.ts). */
export async function createEpriceQueue(boss: PgBoss): Promise<void> {
  const { retryLimit, retryDelay, expireInSeconds } = TIMING;
  await boss.createQueue(EPRICE_QUEUE, { name: EPRICE_QUEUE, retryLimit, retryDelay, expireInSeconds });
}

/**
 * Opens the ePrice queue on the app's pg-boss (the simulation runs' instance: one pg-boss per process, on
 * PostgreSQL or the embedded database alike) and, when `workers`, works its jobs here: the API process with
 * RUN_WORKERS (the embedded shape), `npm run worker` processes in the scaled shape. Stopping the runs' queue stops
 * these workers too.
 */
export async function startEpriceUploads(o: {
  boss: PgBoss;
  database: Database;
  workers: boolean;
  log: RunsLog;
}): Promise<EpriceQueue> {
  const { retryLimit, retryDelay, expireInSeconds } = TIMING;
  await createEpriceQueue(o.boss);
  if (o.workers) {
    for (let i = 0; i < EPRICE_JOBS_PER_PROCESS; i++)
      await o.boss.work<EpriceJobData>(
        EPRICE_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: TIMING.pollingIntervalSeconds },
        async ([job]) => {
          if (!job) return;
          const outcome = await runEpriceUpload(o.database.db, job.data.uploadId);
          o.log.info(`ePrice upload ${job.data.uploadId}: ${outcome}`);
        },
      );
  }
  return {
    async enqueue(uploadId) {
      const id = await o.boss.send(EPRICE_QUEUE, { uploadId } satisfies EpriceJobData, {
        retryLimit,
        retryDelay,
        expireInSeconds,
      });
      if (!id) throw new Error('The job queue did not accept the upload.');
      return id;
    },
  };
}
