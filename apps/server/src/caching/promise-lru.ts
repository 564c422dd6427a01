import { LruMap } from './lru-map';

/**
 * A small LRU of pending or settled computations by key. The keys name everything a value depends on (an SOE's
 * version and a run's id, say), so entries never need invalidating; concurrent callers share one computation, and
 * a computation that fails is forgotten (the next call tries again).
 */
export class PromiseLru<T> {
  private readonly entries: LruMap<string, Promise<T>>;
  constructor(max: number) {
    this.entries = new LruMap(max);
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const pending = compute();
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }
}
