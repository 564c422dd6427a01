import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createCalibrationFitQueue } from '../jobs/calibration-fits';
import { createEpriceQueue } from '../jobs/eprice-uploads';
import { openRunQueue } from '../jobs/run-queue';
import { SERVER_DIR } from '../server-files';
import type { Database } from './client';

const appRoleSql = path.join(SERVER_DIR, 'drizzle-roles', 'app-role.sql');

/** A PostgreSQL role name the script accepts (quoted safely anyway; this keeps typos out). */
export const APP_ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Readies a PostgreSQL database for a least-privileged application role, as its owner: applies the migrations,
 * installs pg-boss's schema and the queues (simulation runs, ePrice uploads, calibration fits: DDL the app role may not do; pg-boss
 * then only checks the version at the app's start, and creating an existing queue is a plain insert that changes
 * nothing), and grants the role exactly what drizzle-roles/app-role.sql lists. Run again after every upgrade.
 */
export async function prepareAppRole(
  database: Database,
  options: { url: string; role: string },
): Promise<void> {
  if (database.shape !== 'postgres') throw new Error('Roles are a PostgreSQL server feature (DATABASE_URL).');
  if (!APP_ROLE_NAME.test(options.role)) throw new Error(`Not a role name: ${options.role}`);
  await database.migrate();
  const queue = await openRunQueue(database, { url: options.url });
  await createEpriceQueue(queue.boss);
  await createCalibrationFitQueue(queue.boss);
  await queue.stop();
  const script = readFileSync(appRoleSql, 'utf8');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('predict.app_role', ${options.role}, true)`);
    await tx.execute(sql.raw(script));
  });
}
