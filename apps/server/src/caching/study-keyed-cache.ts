import type { Db } from '../db/client';
import { LruMap } from './lru-map';
import { perDb } from './per-db';

/**
 * A per-study cache of one computed answer, kept under the key of what it was computed from (an extract id, a run
 * id, ...): a request whose key differs recomputes. In memory of this process, one map per database (ids are only
 * unique within one), at most `maxEntries` studies (the least recently used goes first).
 */
export function studyKeyedCache<T>(maxEntries = 500) {
  const cacheOf = perDb<Db, LruMap<number, { key: string; value: T }>>(() => new LruMap(maxEntries));
  return {
    /** The value computed for `key`, or undefined. */
    get(db: Db, studyId: number, key: string): T | undefined {
      const hit = cacheOf(db).get(studyId);
      return hit && hit.key === key ? hit.value : undefined;
    },
    remember(db: Db, studyId: number, key: string, value: T): void {
      cacheOf(db).set(studyId, { key, value });
    },
    forget(db: Db, studyId: number): void {
      cacheOf(db).delete(studyId);
    },
  };
}
