import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { SERVER_DIR } from '../server-files';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories take it so a write and its audit rows commit together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbShape = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  shape: DbShape;
  /** Applies the committed migrations (idempotent; serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The committed SQL migrations (drizzle-kit's output). */
export const migrationsFolder = path.join(SERVER_DIR, 'drizzle');
const MIGRATION_LOCK = 724_311_001;

export interface OpenDatabaseOptions {
  url?: string;
  dataDir: string;
  /**
   * An in-memory database starts as a copy of this PGlite data directory (a `dumpDataDir` tarball) instead of an
   * empty one: the tests start from a migrated template, which skips initdb and the migrations (about 1.5 s each).
   */
  template?: Blob;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database in dataDir ('memory' keeps nothing). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir, options.template);
}

async function openPglite(dataDir: string, template?: Blob): Promise<Database> {
  let client: PGlite;
  let lock: DataDirLock | null = null;
  // pg_trgm backs the study search index (migration 0001).
  const extensions = { pg_trgm };
  if (dataDir === 'memory') {
    client = new PGlite({ extensions, ...(template ? { loadDataDir: template } : {}) });
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // Before PGlite touches the files: a second process writing them too leaves a directory no start can open.
    lock = lockDataDir(dataDir);
    if (lock.tookOver) {
      console.warn(
        `Took over the embedded database's lock left by pid ${lock.tookOver.pid}, which no longer runs.`,
      );
    }
    client = new PGlite(dir, { extensions });
  }
  try {
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  // Every page is in memory: random reads cost about what sequential ones do, so let the planner use the
  // trigram indexes of the study search (3x faster counts with 10,000 studies).
  await client.exec('set random_page_cost = 1.1');
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    shape: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: () => ping(db),
    close: once(async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    }),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its connection (a database restart) must not crash the process.
  pool.on('error', () => undefined);
  const pgDb = drizzlePg(pool, { schema });
  const db = pgDb as unknown as Db;
  return {
    db,
    shape: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    ping: () => ping(db),
    close: once(() => pool.end()),
  };
}

/** Closing twice is harmless (shutdown hooks and tests may both close). */
function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= fn());
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
