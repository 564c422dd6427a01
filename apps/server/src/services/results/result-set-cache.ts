import { ByteLru } from '../../caching/byte-lru';
import { perDb } from '../../caching/per-db';
import type { Db } from '../../db/client';

/**
 * Result sets held in memory as the JSON text the route sends, at most this many characters (about bytes) per
 * database: the demo's runs total about 0.5 MB, a W2-sized run (40 countries, 400 sites) a few MB.
 */
export const RESULT_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * One cache per database handle, so two apps in one process (tests) never share entries. Safe without
 * invalidation: a finished run's sets are written once, in the transaction that finishes the run, and never
 * changed (insertResultSets keeps a set that exists); a new run has a new id, hence new keys.
 */
export const resultSetCache = perDb<Db, ByteLru>(() => new ByteLru(RESULT_CACHE_MAX_BYTES));
