/**
 * A least-recently-used map bounded by the total weight of its values (1 each unless `weightOf` says otherwise). A
 * value heavier than the whole bound is not kept. The one LRU of the server: the byte-bounded JSON caches, the
 * pending computations and the verified tokens build on it.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  private total = 0;

  constructor(
    readonly maxWeight: number,
    private readonly weightOf: (value: V) => number = () => 1,
  ) {}

  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: re-inserting makes this the most recently used entry.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Keeps the value as the most recently used, dropping the least recently used ones over the bound. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weightOf(value);
    if (weight > this.maxWeight) return;
    this.entries.set(key, value);
    this.total += weight;
    for (const [oldest, v] of this.entries) {
      if (this.total <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.total -= this.weightOf(v);
    }
  }

  delete(key: K): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.total -= this.weightOf(old);
  }

  /** The total weight held now. */
  get weight(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }
}
