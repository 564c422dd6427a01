import { describe, expect, it } from 'vitest';
import { ByteLru } from '../src/caching/byte-lru';
import { LruMap } from '../src/caching/lru-map';
import { perDb } from '../src/caching/per-db';
import { PromiseLru } from '../src/caching/promise-lru';

describe('the caching helpers', () => {
  it('LruMap drops the least recently used entries over its bound, a read counting as a use', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // b is now the oldest
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
    lru.set('a', 10); // a replaced value counts once
    expect([lru.size, lru.weight, lru.get('a')]).toEqual([2, 2, 10]);
    lru.delete('a');
    expect([lru.size, lru.get('a')]).toEqual([1, undefined]);
    const off = new LruMap<string, number>(0);
    off.set('a', 1);
    expect(off.get('a')).toBeUndefined();
  });

  it('ByteLru weighs strings by length and keeps none larger than its bound', () => {
    const lru = new ByteLru(10);
    lru.set('a', 'xxxx');
    lru.set('b', 'yyyy');
    expect(lru.bytes).toBe(8);
    lru.set('c', 'zzzz'); // 12 > 10: a goes
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.bytes]).toEqual([undefined, 'yyyy', 'zzzz', 8]);
    lru.set('b', 'x'.repeat(11)); // too large: not kept, and the old b is gone too
    expect([lru.get('b'), lru.bytes, lru.size]).toEqual([undefined, 4, 1]);
  });

  it('PromiseLru shares a pending computation and forgets a failed one', async () => {
    const lru = new PromiseLru<number>(2);
    let calls = 0;
    const compute = () => Promise.resolve(++calls);
    const [x, y] = await Promise.all([lru.get('k', compute), lru.get('k', compute)]);
    expect([x, y, calls]).toEqual([1, 1, 1]);
    await expect(lru.get('bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await Promise.resolve();
    expect(await lru.get('bad', compute)).toBe(2);
    await lru.get('other', compute); // the bound of 2 drops k, the least recently used
    expect(await lru.get('k', compute)).toBe(4);
  });

  it('perDb makes one value per handle, on first use', () => {
    let made = 0;
    const of = perDb((db: { name: string }) => ({ db: db.name, n: ++made }));
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(of(a)).toBe(of(a));
    expect(of(b)).toEqual({ db: 'b', n: 2 });
    expect(made).toBe(2);
  });
});
