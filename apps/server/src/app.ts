import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerErrorHandler } from './app-errors';
import { registerPlugins } from './app-plugins';
import { registerAuth, type AuthRuntime } from './auth';
import { registerNoStore } from './caching/no-store';
import type { Database } from './db/client';
import { publicUrl, type Env } from './env';
import { startCalibrationFits } from './jobs/calibration-fits';
import { startEpriceUploads } from './jobs/eprice-uploads';
import type { RunQueue } from './jobs/run-queue';
import { startSimulationRuns } from './jobs/simulation-runs';
import { registerRoutes } from './routes';
import { SERVER_DIR } from './server-files';

export interface AppOptions {
  env: Env;
  database: Database;
  /** Log requests (off in tests). */
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    env: Env;
    auth: AuthRuntime;
    /** The queue of simulation runs (jobs/run-queue.ts). */
    runQueue: RunQueue;
    /** Every route with its access level, for the route inventory and its tests. */
    routeInventory: { method: string; url: string; access: string; schema?: FastifySchema }[];
  }
}

type AppRouteInventory = FastifyInstance['routeInventory'];

const defaultWebDist = path.join(SERVER_DIR, '..', 'web', 'dist');

/** Builds the whole HTTP application (API under /ctpo, sign-in, docs and the web app) without listening. */
export async function buildApp({ env, database, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: env.LOG_LEVEL } : false,
    // Forwarded client addresses only from the configured proxies (TRUST_PROXY), so rate limits count real clients.
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 5 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', database);
  app.decorate('env', env);
  registerRouteInventory(app);
  registerErrorHandler(app);
  await registerPlugins(app, env);
  await startQueues(app, env, database);

  registerNoStore(app);
  const auth = await registerAuth(app, { env, database, publicUrl: publicUrl(env) });
  app.decorate('auth', auth);
  await registerRoutes(app);
  await registerWebApp(app, env);
  return app;
}

/** Collects every route as it is added (onRoute), with its access level. */
function registerRouteInventory(app: FastifyInstance): void {
  const routeInventory: AppRouteInventory = [];
  app.decorate('routeInventory', routeInventory);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeInventory.push({
        method,
        url: route.url,
        access: route.config?.access ?? 'user',
        schema: route.schema,
      });
    }
  });
}

/** The run queue, and the workers unless RUN_WORKERS=false; stopped before the database closes (onClose). */
async function startQueues(app: FastifyInstance, env: Env, database: Database): Promise<void> {
  const runsLog = { info: (m: string) => app.log.info(m), error: (m: string) => app.log.error(m) };
  const runs = await startSimulationRuns({
    database,
    ...(env.DATABASE_URL ? { url: env.DATABASE_URL } : {}),
    workers: env.RUN_WORKERS,
    threads: env.WORKER_THREADS,
    log: runsLog,
  });
  app.decorate('runQueue', runs.queue);
  // The ePrice uploads' queue on the same pg-boss (stopped with it).
  app.decorate(
    'epriceQueue',
    await startEpriceUploads({ boss: runs.queue.boss, database, workers: env.RUN_WORKERS, log: runsLog }),
  );
  // The calibration fits' queue too (the fit runs in a worker thread of its own).
  app.decorate(
    'calibrationFitQueue',
    await startCalibrationFits({ boss: runs.queue.boss, database, workers: env.RUN_WORKERS, log: runsLog }),
  );
  app.addHook('preClose', () => runs.stop());
}

/** The built web app (when WEB_DIST has one), and the 404 answer: index.html for pages, JSON for the API. */
async function registerWebApp(app: FastifyInstance, env: Env): Promise<void> {
  const webDist = env.WEB_DIST ?? defaultWebDist;
  const serveWeb = webDist !== '' && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    const isApi = request.url.startsWith('/ctpo/') && !isPage;
    if (serveWeb && isPage && !isApi) {
      // Single-page app: every non-API route renders index.html and the client router takes over.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ error: 'Not Found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
