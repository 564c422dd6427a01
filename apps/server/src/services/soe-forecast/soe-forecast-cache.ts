/**
 * A small LRU of pending or settled computations by key. The keys name everything a value depends on (the SOE's
 * version and the run's id), so entries never need invalidating; concurrent callers share one computation, and a
 * computation that fails is forgotten (the next call tries again).
 */
export class PromiseLru<T> {
  private readonly entries = new Map<string, Promise<T>>();
  constructor(private readonly max: number) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = compute();
    this.entries.set(key, pending);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }
}

/** One cache per database handle, so two apps in one process (tests) never share entries. */
export function perDb<D extends object, T>(make: () => T): (db: D) => T {
  const caches = new WeakMap<D, T>();
  return (db) => {
    let c = caches.get(db);
    if (!c) caches.set(db, (c = make()));
    return c;
  };
}
