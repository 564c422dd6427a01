/**
 * `npm run db:roles -- <role>`: run with the owner's DATABASE_URL (PostgreSQL). Applies the migrations, installs
 * the job queue's schema and grants <role> the least privileges the app needs (drizzle-roles/app-role.sql); then
 * run the app and the workers with <role>'s URL and MIGRATE_ON_START=false. Run it again after every upgrade.
 */
import { openDatabase } from '../db/client';
import { APP_ROLE_NAME, prepareAppRole } from '../db/app-role';
import { loadEnv } from '../env';

const role = process.argv[2] ?? '';
const env = loadEnv();
if (!env.DATABASE_URL || !APP_ROLE_NAME.test(role)) {
  console.error(
    'Usage: DATABASE_URL=<owner URL> npm run db:roles -- <role>  (a PostgreSQL role name such as predict_app; ' +
      'the embedded database has a single user and no roles)',
  );
  process.exit(1);
}
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await prepareAppRole(database, { url: env.DATABASE_URL, role });
  console.log(
    `Migrations applied and role ${role} granted the app's least privileges. Run the app with ${role}'s URL as ` +
      'DATABASE_URL and MIGRATE_ON_START=false; set its password with ALTER ROLE if it is new.',
  );
} catch (error) {
  console.error(`Could not prepare role ${role}: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
