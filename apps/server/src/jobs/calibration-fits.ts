import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { runCalibrationFitJob } from '../services/calibration-fit/run-fit-job';
import type { RunsLog } from './simulation-runs';

/** The pg-boss queue of calibration fits (POST /ctpo/admin/calibration/fits); a job's data names its fit row. */
export const CALIBRATION_FIT_QUEUE = 'calibration-fit';
export interface CalibrationFitJobData {
  fitId: number;
}

/**
 * One fit at a time per process (it fills a thread for up to minutes). A fit interrupted by a crash is retried once
 * (the job handler takes a running fit over); pg-boss's expiry backs up a fit that never reports.
 */
const TIMING = { retryLimit: 1, retryDelay: 5, expireInSeconds: 1800, pollingIntervalSeconds: 1 };

export interface CalibrationFitQueue {
  enqueue(fitId: number): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The queue of calibration fits (jobs/calibration-fits.ts). */
    calibrationFitQueue: CalibrationFitQueue;
  }
}

/** Creates the queue (DDL on pg-boss 10: the role preparing the database does it, db/app-role.ts). */
export async function createCalibrationFitQueue(boss: PgBoss): Promise<void> {
  const { retryLimit, retryDelay, expireInSeconds } = TIMING;
  await boss.createQueue(CALIBRATION_FIT_QUEUE, {
    name: CALIBRATION_FIT_QUEUE,
    retryLimit,
    retryDelay,
    expireInSeconds,
  });
}

/**
 * Opens the fit queue on the app's pg-boss and, when `workers`, works its jobs here (as the ePrice uploads: the API
 * process with RUN_WORKERS, `npm run worker` processes in the scaled shape). The fit itself runs in a worker thread.
 */
export async function startCalibrationFits(o: {
  boss: PgBoss;
  database: Database;
  workers: boolean;
  log: RunsLog;
}): Promise<CalibrationFitQueue> {
  const { retryLimit, retryDelay, expireInSeconds } = TIMING;
  await createCalibrationFitQueue(o.boss);
  if (o.workers)
    await o.boss.work<CalibrationFitJobData>(
      CALIBRATION_FIT_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: TIMING.pollingIntervalSeconds },
      async ([job]) => {
        if (!job) return;
        const outcome = await runCalibrationFitJob(o.database.db, job.data.fitId);
        o.log.info(`Calibration fit ${job.data.fitId}: ${outcome}`);
      },
    );
  return {
    async enqueue(fitId) {
      const id = await o.boss.send(CALIBRATION_FIT_QUEUE, { fitId } satisfies CalibrationFitJobData, {
        retryLimit,
        retryDelay,
        expireInSeconds,
      });
      if (!id) throw new Error('The job queue did not accept the fit.');
      return id;
    },
  };
}
