import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { chooseIdentityProvider, type IdentityChoice } from './auth';
import { openDatabase, type Database } from './db/client';
import { isDatabaseEmpty, seedDemoData } from './db/seed/seed-demo-data';
import type { Env } from './env';

/** Opens the database, applies migrations, loads demo data when due, and builds the app. */
export async function createServer(
  env: Env,
  logger = true,
): Promise<{ app: FastifyInstance; database: Database; identity: IdentityChoice }> {
  // Refuse a server without a safe identity provider before anything is opened (registerAuth checks it again).
  const identity = chooseIdentityProvider(env);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  if (env.MIGRATE_ON_START) await database.migrate();
  // Demo data goes into an empty embedded database by default; SEED_DEMO_DATA=true forces it anywhere.
  const seed = env.SEED_DEMO_DATA ?? database.shape === 'pglite';
  if (seed && (await isDatabaseEmpty(database.db))) {
    // The first start computes the demo plans' simulation runs: say so, so a quiet terminal is not mistaken for a hang.
    if (logger) console.log('First start: loading the demo data and computing its demo simulation runs...');
    const started = Date.now();
    const added = await seedDemoData(database.db);
    if (logger) {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(
        `Loaded demo data in ${seconds} s: ${added.studies} studies, ${added.siteGroups} site groups.`,
      );
    }
  }
  const app = await buildApp({ env, database, logger });
  app.addHook('onClose', async () => {
    await app.auth.close();
    await database.close();
  });
  return { app, database, identity };
}
