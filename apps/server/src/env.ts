import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ADMIN_GROUPS, DEFAULT_READ_ONLY_GROUPS } from '@predict/shared';

const list = (fallback: readonly string[]) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v.trim() === ''
        ? [...fallback]
        : v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    );

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

/** Every setting of the server, validated once at start-up. Nothing else reads process.env. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Address users reach the app at; the built-in provider's issuer and the callback derive from it. */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  /** A real PostgreSQL server; without it the embedded PGlite database is used. */
  DATABASE_URL: z.string().optional(),
  /** Where the embedded database and the built-in provider's signing keys live; 'memory' keeps nothing. */
  DATA_DIR: z.string().default('./data'),
  /** Load the demo data into an empty database (default: on in the embedded shape). */
  SEED_DEMO_DATA: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v))),

  /** External OpenID Connect provider; without it the built-in provider with demo users runs. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().default('predict-web'),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Audience (resource) the API expects in access tokens. */
  OIDC_AUDIENCE: z.string().default('predict-api'),
  OIDC_SCOPES: z.string().default('openid profile email'),
  OIDC_GROUPS_CLAIM: z.string().default('groups'),
  OIDC_ALGORITHMS: list(['RS256', 'PS256', 'ES256']),
  READ_ONLY_GROUPS: list(DEFAULT_READ_ONLY_GROUPS),
  ADMIN_GROUPS: list(DEFAULT_ADMIN_GROUPS),

  /** Folder of the built web app served by this process; empty string disables it. */
  WEB_DIST: z.string().optional(),
  /** Run simulation workers in this process (the embedded shape). */
  RUN_WORKERS: bool(true),
  /** Worker threads of the simulation engine per worker process (default: the available cores). */
  WORKER_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(() => availableParallelism()),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
});

export type Env = z.infer<typeof EnvSchema>;

/** Relative paths are taken from where the user ran npm (INIT_CWD), so `npm start` at the root uses ./data there. */
function resolveDataDir(dir: string, source: Record<string, string | undefined>): string {
  if (dir === 'memory') return dir;
  return path.resolve(source.INIT_CWD ?? process.cwd(), dir);
}

/** Parses the environment; throws with every bad setting named. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: resolveDataDir(parsed.data.DATA_DIR, source) };
}

/** The app's public address: PUBLIC_URL, or localhost on the configured port. */
export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}
