/**
 * xoshiro128** (Blackman & Vigna 2018): 128-bit state, 32-bit outputs, period 2^128 - 1. Pure integer arithmetic
 * (Math.imul, shifts), so the stream is identical in every JavaScript engine.
 *
 * Replication streams: the state of replication r under seed s is a hash of (s, r) (murmur3 fmix32 and
 * splitmix32 expansion), so replication r draws the same numbers whichever chunk or worker runs it; that is what
 * makes chunked runs merge into exactly the single-run result.
 */

const TWO_POW_M32 = 2 ** -32;

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** murmur3 32-bit finalizer: a bijection on 32-bit words with full avalanche. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A seeded xoshiro128** generator; `next()` returns a uniform 32-bit unsigned integer. */
export class Xoshiro128 {
  /**
   * The 128-bit state as four int32 words (a typed array keeps V8's field representation stable). Public for the
   * forecast's hot loop (bulk-walk.ts), which keeps the words in local variables and writes them back here before
   * any other sampler draws; anything else should use the methods.
   */
  readonly state = new Int32Array(4);
  /** Spare normal deviate of the polar method (part of the state; cleared on reseeding). */
  spareNormal = NaN;

  constructor(seed = 0, stream = 0) {
    this.seedStream(seed, stream);
  }

  /** Sets the raw 128-bit state (not all zero). */
  setState(s0: number, s1: number, s2: number, s3: number): void {
    const s = this.state;
    s[0] = s0;
    s[1] = s1;
    s[2] = s2;
    s[3] = s3;
    if ((s0 | s1 | s2 | s3) === 0) s[0] = 1;
    this.spareNormal = NaN;
  }

  /** The raw state as four unsigned words (for reproducibility checks). */
  getState(): Uint32Array {
    return Uint32Array.from(this.state);
  }

  /**
   * Positions the generator at the start of stream `stream` (replication index, integer >= 0) of `seed` (any safe
   * integer). Two independent 32-bit keys of (seed, stream) feed a splitmix32 expansion, so distinct
   * (seed, stream) pairs collide with probability ~2^-64.
   */
  seedStream(seed: number, stream: number): void {
    const lo = seed >>> 0;
    const hi = Math.floor(seed / 4294967296) >>> 0;
    const slo = stream >>> 0;
    const shi = Math.floor(stream / 4294967296) >>> 0;
    const k1 = fmix32(fmix32(lo ^ 0x243f6a88) ^ fmix32(hi + 0x85a308d3) ^ fmix32(slo + 0x13198a2e) ^ shi);
    const k2 = fmix32(
      fmix32(lo + 0x03707344) ^ fmix32(hi ^ 0xa4093822) ^ fmix32(slo ^ 0x299f31d0) ^ fmix32(shi),
    );
    // splitmix32 steps, alternately keyed by k2 so both keys reach every word (no array: called per replication).
    const k2r = rotl(k2, 16);
    const z0 = (k1 + 0x9e3779b9) | 0;
    const z1 = (z0 + 0x9e3779b9) | 0;
    const z2 = (z1 + 0x9e3779b9) | 0;
    const z3 = (z2 + 0x9e3779b9) | 0;
    this.setState(fmix32(z0 ^ k2), fmix32(z1 ^ k2r), fmix32(z2 ^ k2), fmix32(z3 ^ k2r));
  }

  /** Next 32-bit output, unsigned. */
  next(): number {
    const s = this.state;
    const s0 = s[0]!;
    const s1 = s[1]!;
    const s2 = s[2]! ^ s0;
    const s3 = s[3]! ^ s1;
    const x = Math.imul(s1, 5);
    const result = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
    s[1] = s1 ^ s2;
    s[0] = s0 ^ s3;
    s[2] = s2 ^ (s1 << 9);
    s[3] = (s3 << 11) | (s3 >>> 21);
    return result;
  }

  /** Uniform on the open interval (0, 1), resolution 2^-32 (never 0, so log(u) is finite). */
  uniform(): number {
    return (this.next() + 0.5) * TWO_POW_M32;
  }
}
