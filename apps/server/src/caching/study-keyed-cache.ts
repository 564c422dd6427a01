import type { Db } from '../db/client';

/**
 * A per-study cache of one computed answer, kept under the key of what it was computed from (an extract id, a run
 * id, ...): a request whose key differs recomputes. In memory of this process, one map per database (ids are only
 * unique within one), at most `maxEntries` studies (the oldest written goes first).
 */
export function studyKeyedCache<T>(maxEntries = 500) {
  const caches = new WeakMap<Db, Map<number, { key: string; value: T }>>();
  const cacheOf = (db: Db) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    return cache;
  };
  return {
    /** The value computed for `key`, or undefined. */
    get(db: Db, studyId: number, key: string): T | undefined {
      const hit = cacheOf(db).get(studyId);
      return hit && hit.key === key ? hit.value : undefined;
    },
    remember(db: Db, studyId: number, key: string, value: T): void {
      const cache = cacheOf(db);
      cache.delete(studyId);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(studyId, { key, value });
    },
    forget(db: Db, studyId: number): void {
      cacheOf(db).delete(studyId);
    },
  };
}
