import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { chooseIdentityProvider, type IdentityChoice } from './auth';
import { openDatabase, type Database } from './db/client';
import { seedDemoData } from './seed/seed-demo-data';
import { isDatabaseEmpty } from './repositories/demo-data-repository';
import { seedDemoPortfolio } from './seed/seed-demo-portfolio';
import type { Env } from './env';
import { connectionRoleWarning } from './services/startup/connection-role-warning';

/** Opens the database, applies migrations, loads demo data when due, and builds the app. */
export async function createServer(
  env: Env,
  logger = true,
): Promise<{ app: FastifyInstance; database: Database; identity: IdentityChoice }> {
  // Refuse a server without a safe identity provider before anything is opened (registerAuth checks it again).
  const identity = chooseIdentityProvider(env);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  if (env.MIGRATE_ON_START) await database.migrate();
  const roleWarning = await connectionRoleWarning(database);
  if (roleWarning && logger) console.warn(`\n${roleWarning}\n`);
  // Demo data goes into an empty embedded database by default; SEED_DEMO_DATA=true forces it anywhere.
  const seed = env.SEED_DEMO_DATA ?? database.shape === 'pglite';
  if (seed && (await isDatabaseEmpty(database.db))) {
    // The first start computes the demo plans' simulation runs: say so, so a quiet terminal is not mistaken for a hang.
    if (logger) console.log('First start: loading the demo data and computing its demo simulation runs...');
    const started = Date.now();
    const added = await seedDemoData(database.db, undefined, logger ? (l) => console.log(l) : undefined);
    if (logger) {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(
        `Loaded demo data in ${seconds} s: ${added.studies} studies, ${added.siteGroups} site groups.`,
      );
    }
  }
  const app = await buildApp({ env, database, logger });
  // At every start that seeds, not only the first: a load cut short (the server stopped meanwhile) finishes at the
  // next start, and a database from before the portfolio gets it. Complete, it costs one query.
  if (seed && env.SEED_DEMO_PORTFOLIO) loadPortfolioLater(app, database, logger);
  app.addHook('onClose', async () => {
    await app.auth.close();
    await database.close();
  });
  return { app, database, identity };
}

/**
 * The demo portfolio (Forecast Calibration's completed studies) loads once the server is ready, not before it
 * listens: its 36 studies go through the completed-studies import one transaction each (the planner's own services
 * write every country), about 20 s here, which would double the first start. Forecast
 * Calibration fills while it runs; the log says how far it is. A failure is logged, not fatal: the demo data is
 * there, and the next start tries again (the import skips the studies it already has).
 */
function loadPortfolioLater(app: FastifyInstance, database: Database, logger: boolean) {
  const log = logger ? (line: string) => console.log(line) : undefined;
  app.addHook('onReady', async () => {
    const started = Date.now();
    seedDemoPortfolio(database.db, log)
      .then((n) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        if (n > 0) log?.(`Loaded ${n} completed demo studies in ${seconds} s.`);
      })
      .catch((error: unknown) => app.log.error(error, 'the demo portfolio could not be loaded'));
  });
}
