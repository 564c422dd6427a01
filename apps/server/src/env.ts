import { isIP } from 'node:net';
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

const onOffAuto = z
  .enum(['on', 'off', 'auto', 'true', 'false', '1', '0', 'yes', 'no'])
  .default('auto')
  .transform((v) => (v === 'auto' ? v : ['on', 'true', '1', 'yes'].includes(v) ? 'on' : 'off'));

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry) || isIP(entry) !== 0) return true;
  const [ip = '', bits = '', ...rest] = entry.split('/');
  const max = isIP(ip) === 4 ? 32 : isIP(ip) === 6 ? 128 : 0;
  return rest.length === 0 && /^\d{1,3}$/.test(bits) && max > 0 && Number(bits) <= max;
}

/**
 * Whose X-Forwarded-* headers to believe (Fastify's trustProxy): off, or the proxies' addresses / CIDRs. Neither
 * `true` (anyone could pick the address the rate limits count) nor a hop count (Fastify 5 ignores it: it cannot
 * tell a proxy from a client) is accepted.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | string[] => {
    const value = (v ?? '').trim().toLowerCase();
    if (['', 'off', 'false', 'no'].includes(value)) return false;
    const entries = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          "expected off, or the proxies' addresses or CIDRs separated by commas (e.g. 10.0.0.5,10.1.0.0/16, or " +
          `loopback)${bad.length > 0 ? `; not an address: ${bad.join(', ')}` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Every setting of the server, validated once at start-up. Nothing else reads process.env. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Listening address; loopback by default, so a fresh install is not reachable from the network. */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Address users reach the app at; the built-in provider's issuer and the callback derive from it. */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  /** A real PostgreSQL server; without it the embedded PGlite database is used. */
  DATABASE_URL: z.string().optional(),
  /** Where the embedded database and the built-in provider's signing keys live; 'memory' keeps nothing. */
  DATA_DIR: z.string().default('./data'),
  /** Apply migrations at start; false when DATABASE_URL is a least-privileged role and the owner migrates (db:roles). */
  MIGRATE_ON_START: bool(true),
  /** Load the demo data into an empty database (default: on in the embedded shape). */
  SEED_DEMO_DATA: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v))),
  /** false: the demo data without its portfolio of completed studies (the browser tests, which do not need it). */
  SEED_DEMO_PORTFOLIO: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default('true')
    .transform((v) => ['true', '1', 'yes'].includes(v)),

  /** External OpenID Connect provider; without it the built-in provider with demo users runs (see DEMO_USERS). */
  OIDC_ISSUER: z.url().optional(),
  /** Built-in provider's demo users without OIDC_ISSUER: auto = only on a loopback HOST (auth/demo-policy.ts). */
  DEMO_USERS: onOffAuto,
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
  TRUST_PROXY: trustProxy,
});

export type Env = z.infer<typeof EnvSchema>;

/** Relative paths are taken from where the user ran npm (INIT_CWD), so `npm start` at the root uses ./data there. */
function resolveDataDir(dir: string, source: Record<string, string | undefined>): string {
  if (dir === 'memory') return dir;
  return path.resolve(source.INIT_CWD ?? process.cwd(), dir);
}

/** A setting, or a combination of settings, the server refuses to start with; the message says what to change. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws with every bad setting named. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: resolveDataDir(parsed.data.DATA_DIR, source) };
}

/** The app's public address: PUBLIC_URL, or localhost on the configured port. */
export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}
