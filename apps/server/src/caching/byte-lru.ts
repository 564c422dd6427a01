/**
 * A least-recently-used map of strings bounded by their total length (JSON text is ASCII almost always, one byte
 * a character). A value larger than the whole bound is not kept.
 */
export class ByteLru {
  private readonly entries = new Map<string, string>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: re-inserting makes this the most recently used entry.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.total -= old.length;
    }
    if (value.length > this.maxBytes) return;
    this.entries.set(key, value);
    this.total += value.length;
    for (const [oldest, v] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= v.length;
    }
  }

  /** Characters held now. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }
}
