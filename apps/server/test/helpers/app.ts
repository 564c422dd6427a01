import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/db/client';
import { loadEnv } from '../../src/env';
import { createScratchDatabase } from './scratch-postgres';

/** Which database the server tests run on: PGlite by default, PostgreSQL when PREDICT_TEST_DB=postgres. */
export const TEST_DB_SHAPE = process.env.PREDICT_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** A bearer token for a demo user (planner, viewer, admin). */
  token(username: 'planner' | 'viewer' | 'admin'): Promise<string>;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database for one test file, dropped afterwards. */
async function createPostgresDatabase() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('PREDICT_TEST_DB=postgres needs TEST_DATABASE_URL');
  return createScratchDatabase(base);
}

/** The migrated PGlite template of this run (test/global-setup.ts), read once per test file. */
let template: Blob | undefined;
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (file && !template) template = new Blob([readFileSync(file)]);
  return template;
}

/** Builds the real app on an empty, migrated database with the built-in identity provider. */
export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const pgDb = TEST_DB_SHAPE === 'postgres' ? await createPostgresDatabase() : null;
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: 'memory',
    PUBLIC_URL: 'http://localhost:8080',
    WEB_DIST: '',
    RUN_WORKERS: 'false',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...envOverrides,
  });
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    ...(env.DATA_DIR === 'memory' ? { template: pgliteTemplate() } : {}),
  });
  await database.migrate();
  const app = await buildApp({ env, database });
  await app.ready();
  return {
    app,
    database,
    async token(username) {
      if (!app.auth.issueDemoToken) throw new Error('the built-in provider is not running');
      return app.auth.issueDemoToken(username);
    },
    async close() {
      await app.close();
      await app.auth.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
