/**
 * `npm run worker`: a simulation worker process of the scaled shape. It takes simulation runs from the pg-boss
 * queue in the PostgreSQL database of DATABASE_URL and runs them on WORKER_THREADS threads; add processes (on any
 * machines) to run more at once. It serves no HTTP.
 */
import { openDatabase } from './db/client';
import { loadEnv } from './env';
import { startCalibrationFits } from './jobs/calibration-fits';
import { startEpriceUploads } from './jobs/eprice-uploads';
import { startSimulationRuns } from './jobs/simulation-runs';
import { connectionRoleWarning } from './services/startup/connection-role-warning';

const env = loadEnv();
if (!env.DATABASE_URL) {
  console.error(
    'npm run worker needs DATABASE_URL (the PostgreSQL database the API uses): the embedded database belongs to ' +
      'the server process, which runs its own workers (RUN_WORKERS=true).',
  );
  process.exit(1);
}
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
if (env.MIGRATE_ON_START) await database.migrate();
const roleWarning = await connectionRoleWarning(database);
if (roleWarning) console.warn(roleWarning);
const log = {
  info: (m: string) => console.log(`${new Date().toISOString()} ${m}`),
  error: (m: string) => console.error(`${new Date().toISOString()} ${m}`),
};
const runs = await startSimulationRuns({
  database,
  url: env.DATABASE_URL,
  workers: true,
  threads: env.WORKER_THREADS,
  log,
});
// This process works the ePrice uploads' queue too.
await startEpriceUploads({ boss: runs.queue.boss, database, workers: true, log });
// And the calibration fits' queue.
await startCalibrationFits({ boss: runs.queue.boss, database, workers: true, log });
log.info(`Simulation worker started (${env.WORKER_THREADS} threads, pid ${process.pid}).`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info(`${signal}: finishing the runs in progress, then stopping.`);
    void runs
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
