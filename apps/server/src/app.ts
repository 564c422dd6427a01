import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@predict/shared';
import { registerAuth, type AuthRuntime } from './auth';
import { registerNoStore } from './caching/no-store';
import type { Database } from './db/client';
import { publicUrl, type Env } from './env';
import { HttpError, INVALID_REQUEST_MESSAGE } from './http-errors';
import { startCalibrationFits } from './jobs/calibration-fits';
import { startEpriceUploads } from './jobs/eprice-uploads';
import type { RunQueue } from './jobs/run-queue';
import { startSimulationRuns } from './jobs/simulation-runs';
import { registerRoutes } from './routes';
import { APP_VERSION } from './version';

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

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

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

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value.',
      }));
      return reply.code(400).send({ error: 'Bad Request', message: INVALID_REQUEST_MESSAGE, fields });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({
        ...error.extra,
        error: httpErrorName(error.statusCode),
        message: error.message,
        fields: error.fields,
      });
    }
    if (isDataException(error)) {
      // Last resort behind the schemas (which name the field): a value the database cannot take is a bad request.
      request.log.warn(error);
      return reply.code(400).send({ error: 'Bad Request', message: INVALID_REQUEST_MESSAGE });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    if (isDatabaseUnavailable(error)) {
      return reply
        .code(503)
        .send({ error: 'Service Unavailable', message: 'The database is not available.' });
    }
    return reply.code(status).send({
      error: httpErrorName(status),
      message: status >= 500 ? 'Something went wrong on the server.' : (error as Error).message,
    });
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        formAction: ["'self'", ...(env.OIDC_ISSUER ? [new URL(env.OIDC_ISSUER).origin] : [])],
        upgradeInsecureRequests: null,
      },
    },
    // The login page of the built-in provider posts forms to itself and redirects to the app.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  await app.register(cookie);
  await app.register(rateLimit, { max: env.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' });
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: APP_VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'predict_at' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/ctpo/docs' });

  // The run queue, and the workers unless RUN_WORKERS=false; stopped before the database closes (onClose).
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

  registerNoStore(app);
  const auth = await registerAuth(app, { env, database, publicUrl: publicUrl(env) });
  app.decorate('auth', auth);
  await registerRoutes(app);

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

  return app;
}

function httpErrorName(status: number): string {
  const names: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    406: 'Not Acceptable',
    409: 'Conflict',
    413: 'Payload Too Large',
    429: 'Too Many Requests',
    503: 'Service Unavailable',
  };
  return names[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}

/** PostgreSQL class 22 (data exception: out of range, bad encoding, NUL in text...), also under drizzle's cause. */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001'].includes(code ?? '');
}
