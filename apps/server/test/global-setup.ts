import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (tarball) each test file's database starts from; '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/** Migrates one PGlite database for the whole run; every test file copies it instead of running initdb again. */
export default async function setup(project: TestProject) {
  if (process.env.PREDICT_TEST_DB === 'postgres') {
    project.provide('pgliteTemplate', '');
    return;
  }
  const client = new PGlite({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'predict-pglite-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
