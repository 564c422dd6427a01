import { describe, expect, it } from 'vitest';
import { binomial, exponential, gamma, gammaMeanOne, normal, poisson, Xoshiro128 } from '../src/rng';
import { zigguratExponential } from '../src/rng/ziggurat';
import { gammaRegularizedP } from '../src/analytic';

/** Reference xoshiro128** on BigInt words, straight from the published C code. */
function referenceOutputs(state: number[], n: number): number[] {
  const s = state.map(BigInt);
  const M = 0xffffffffn;
  const rotl = (x: bigint, k: bigint): bigint => ((x << k) | (x >> (32n - k))) & M;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    out.push(Number((rotl((s[1]! * 5n) & M, 7n) * 9n) & M));
    const t = (s[1]! << 9n) & M;
    s[2]! ^= s[0]!;
    s[3]! ^= s[1]!;
    s[1]! ^= s[2]!;
    s[0]! ^= s[3]!;
    s[2]! ^= t;
    s[3] = rotl(s[3]!, 11n);
  }
  return out;
}

/** Kolmogorov-Smirnov statistic sqrt(n) D of a sample against a continuous CDF. */
function ksStatistic(sample: number[], cdf: (x: number) => number): number {
  const xs = [...sample].sort((a, b) => a - b);
  let d = 0;
  xs.forEach((x, i) => {
    const f = cdf(x);
    d = Math.max(d, Math.abs(f - i / xs.length), Math.abs((i + 1) / xs.length - f));
  });
  return Math.sqrt(xs.length) * d;
}
// P(sqrt(n) D > 1.95) ~ 0.001 under the null.
const KS_CRITICAL = 1.95;

function draws(n: number, f: (rng: Xoshiro128) => number, seed = 7): number[] {
  const rng = new Xoshiro128(seed, 0);
  return Array.from({ length: n }, () => f(rng));
}

function meanVar(xs: number[]): [number, number] {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return [m, xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1)];
}

describe('Xoshiro128', () => {
  it('matches the reference xoshiro128** outputs', () => {
    const rng = new Xoshiro128();
    rng.setState(1, 2, 3, 4);
    const ours = Array.from({ length: 50 }, () => rng.next());
    expect(ours.slice(0, 3)).toEqual([11520, 0, 5927040]);
    expect(ours).toEqual(referenceOutputs([1, 2, 3, 4], 50));
  });

  it('gives each (seed, replication) its own reproducible stream', () => {
    const a = new Xoshiro128(42, 17);
    const b = new Xoshiro128(0, 0);
    b.seedStream(42, 17);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
    const firsts = new Set<number>();
    for (let r = 0; r < 1000; r++) firsts.add(new Xoshiro128(42, r).next());
    for (let s = 0; s < 1000; s++) firsts.add(new Xoshiro128(s * 2 ** 32 + 42, 5).next());
    expect(firsts.size).toBeGreaterThan(1995);
  });

  it('draws uniforms strictly inside (0, 1)', () => {
    const xs = draws(20000, (r) => r.uniform());
    expect(Math.min(...xs)).toBeGreaterThan(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(ksStatistic(xs, (x) => x)).toBeLessThan(KS_CRITICAL);
  });
});

describe('continuous distributions (KS tests, 20,000 draws)', () => {
  it('exponential by inversion and by ziggurat', () => {
    const cdf = (x: number): number => 1 - Math.exp(-x);
    expect(ksStatistic(draws(20000, exponential), cdf)).toBeLessThan(KS_CRITICAL);
    expect(ksStatistic(draws(20000, zigguratExponential), cdf)).toBeLessThan(KS_CRITICAL);
    // The tail beyond the base layer (x > 7.7) and the wedges must be right too.
    const big = draws(400000, zigguratExponential, 9);
    const tail = big.filter((x) => x > 7.697117470131487).length / big.length;
    expect(
      Math.abs(tail - Math.exp(-7.697117470131487)) / Math.sqrt(Math.exp(-7.7) / big.length),
    ).toBeLessThan(4);
  });

  it('normal', () => {
    const [m, v] = meanVar(draws(20000, normal));
    expect(Math.abs(m)).toBeLessThan(0.03);
    expect(Math.abs(v - 1)).toBeLessThan(0.04);
  });

  it.each([0.3, 1, 1.5625, 25])('gamma(shape %f)', (shape) => {
    const xs = draws(20000, (r) => gamma(r, shape));
    expect(ksStatistic(xs, (x) => gammaRegularizedP(shape, x))).toBeLessThan(KS_CRITICAL);
  });

  it('gammaMeanOne has mean 1 and the requested CV, and is exactly 1 at CV 0', () => {
    const [m, v] = meanVar(draws(40000, (r) => gammaMeanOne(r, 0.8)));
    expect(Math.abs(m - 1)).toBeLessThan(0.02);
    expect(Math.abs(Math.sqrt(v) - 0.8)).toBeLessThan(0.03);
    expect(draws(10, (r) => gammaMeanOne(r, 0))).toEqual(new Array(10).fill(1));
  });
});

/** Chi-square-like check of a discrete sampler against exact probabilities (cells with expected >= 20). */
function discreteMaxZ(xs: number[], pmf: (k: number) => number, maxK: number): number {
  let worst = 0;
  for (let k = 0; k <= maxK; k++) {
    const expected = pmf(k) * xs.length;
    if (expected < 20) continue;
    const observed = xs.filter((x) => x === k).length;
    worst = Math.max(worst, Math.abs(observed - expected) / Math.sqrt(expected));
  }
  return worst;
}

function logFactorial(k: number): number {
  let s = 0;
  for (let i = 2; i <= k; i++) s += Math.log(i);
  return s;
}

describe('discrete distributions', () => {
  it.each([0.5, 3, 9.9, 10, 57.3])('poisson(%f): inversion below 10, PTRS above', (mean) => {
    const xs = draws(30000, (r) => poisson(r, mean));
    const pmf = (k: number): number => Math.exp(-mean + k * Math.log(mean) - logFactorial(k));
    expect(discreteMaxZ(xs, pmf, Math.ceil(mean * 3 + 10))).toBeLessThan(4.5);
    const [m, v] = meanVar(xs);
    expect(Math.abs(m - mean) / Math.sqrt(mean / xs.length)).toBeLessThan(4);
    expect(Math.abs(v / mean - 1)).toBeLessThan(0.05);
  });

  it.each([
    [20, 0.3],
    [1000, 0.4],
    [1000, 0.97],
    [50, 0.01],
  ])('binomial(%i, %f): inversion or BTRS', (n, p) => {
    const xs = draws(30000, (r) => binomial(r, n, p));
    const pmf = (k: number): number =>
      Math.exp(
        logFactorial(n) - logFactorial(k) - logFactorial(n - k) + k * Math.log(p) + (n - k) * Math.log1p(-p),
      );
    expect(discreteMaxZ(xs, pmf, n)).toBeLessThan(4.5);
    const [m] = meanVar(xs);
    expect(Math.abs(m - n * p) / Math.sqrt((n * p * (1 - p)) / xs.length)).toBeLessThan(4);
  });
});
