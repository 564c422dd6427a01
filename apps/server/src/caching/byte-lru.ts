import { LruMap } from './lru-map';

/**
 * A least-recently-used map of strings bounded by their total length (JSON text is ASCII almost always, one byte
 * a character). A value larger than the whole bound is not kept.
 */
export class ByteLru extends LruMap<string, string> {
  constructor(readonly maxBytes: number) {
    super(maxBytes, (value) => value.length);
  }

  /** Characters held now. */
  get bytes(): number {
    return this.weight;
  }
}
