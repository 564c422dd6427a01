import { perDb } from '../caching/per-db';
import type { Db, Tx } from '../db/client';

/**
 * A query prepared once per database handle (drizzle's `.prepare(name)`): its SQL text is built once, not on every
 * call, and PostgreSQL parses and plans it once per connection. For the hottest reads, where building and planning
 * cost more than running. A transaction is a new handle each time, so it gets a fresh query (as before).
 */
export const preparedPerDb = <Q>(build: (db: Db | Tx) => Q): ((db: Db | Tx) => Q) => perDb(build);
