import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { isDatabaseEmpty, seedDemoData } from './db/seed/seed-demo-data';
import type { Env } from './env';

/** Opens the database, applies migrations, loads demo data when due, and builds the app. */
export async function createServer(
  env: Env,
  logger = true,
): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.migrate();
  // Demo data goes into an empty embedded database by default; SEED_DEMO_DATA=true forces it anywhere.
  const seed = env.SEED_DEMO_DATA ?? database.shape === 'pglite';
  if (seed && (await isDatabaseEmpty(database.db))) {
    const added = await seedDemoData(database.db);
    if (logger) console.log(`Loaded demo data: ${added.studies} studies, ${added.siteGroups} site groups.`);
  }
  const app = await buildApp({ env, database, logger });
  app.addHook('onClose', async () => {
    await app.auth.close();
    await database.close();
  });
  return { app, database };
}
