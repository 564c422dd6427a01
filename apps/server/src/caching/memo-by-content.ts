import { createHash } from 'node:crypto';
import { ByteLru } from './byte-lru';

/**
 * Memoises a pure function of JSON-able arguments by their content (a SHA-256 of their JSON), keeping results as
 * JSON text in a bounded LRU. Right without any invalidation: changed arguments are a different key. For work that
 * costs far more than serialising its arguments (the engine's cohort chain: milliseconds against tens of
 * microseconds).
 */
export function memoByContent<A extends unknown[], R>(
  fn: (...args: A) => R,
  maxBytes: number,
): (...args: A) => R {
  const cache = new ByteLru(maxBytes);
  return (...args) => {
    const key = createHash('sha256').update(JSON.stringify(args)).digest('base64');
    const hit = cache.get(key);
    if (hit !== undefined) return JSON.parse(hit) as R;
    const result = fn(...args);
    cache.set(key, JSON.stringify(result));
    return result;
  };
}
