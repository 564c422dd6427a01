import type { ActualsRow } from '@predict/shared';
import type { Db } from '../../db/client';

/**
 * The last computed actuals rows per study, keyed by what they depend on (the extract and the baseline run): the
 * LPI forecast runs Monte Carlo replications, so GET actuals answers from here and IMPORT ACTUALS recomputes.
 * In memory of this process, one map per database (ids are only unique within one); a new extract forgets the
 * study's entry.
 */
type StudyCache = Map<number, { key: string; rows: ActualsRow[] | null }>;
const caches = new WeakMap<Db, StudyCache>();
const MAX_ENTRIES = 500;

function cacheOf(db: Db): StudyCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/** The rows computed for `key`: null when the baseline's input has no actuals (a combination), undefined if none. */
export function cachedActuals(db: Db, studyId: number, key: string): ActualsRow[] | null | undefined {
  const hit = cacheOf(db).get(studyId);
  return hit && hit.key === key ? hit.rows : undefined;
}

export function rememberActuals(db: Db, studyId: number, key: string, rows: ActualsRow[] | null): void {
  const cache = cacheOf(db);
  cache.delete(studyId);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(studyId, { key, rows });
}

export function forgetActuals(db: Db, studyId: number): void {
  cacheOf(db).delete(studyId);
}
