import { describe, expect, it } from 'vitest';
import { betaRegularized, gammaQuantile, gammaRegularizedP, logGamma } from '../src/analytic';

/** log C(n, k) from sums of logs (independent of logGamma). */
function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}

describe('logGamma', () => {
  it('matches known values', () => {
    expect(logGamma(0.5)).toBeCloseTo(0.5723649429247001, 13);
    expect(logGamma(1)).toBeCloseTo(0, 13);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 12);
    expect(logGamma(100)).toBeCloseTo(359.1342053695754, 10);
    expect(logGamma(0.1)).toBeCloseTo(2.252712651734206, 12);
  });
});

describe('betaRegularized (incomplete beta)', () => {
  it('matches closed forms', () => {
    expect(betaRegularized(0.5, 2, 3)).toBeCloseTo(0.6875, 14);
    expect(betaRegularized(0.3, 1, 1)).toBeCloseTo(0.3, 14);
    expect(betaRegularized(0.9, 10, 1)).toBeCloseTo(0.9 ** 10, 14);
    expect(betaRegularized(0.2, 1, 7)).toBeCloseTo(1 - 0.8 ** 7, 14);
    expect(betaRegularized(0.5, 1000, 1000)).toBeCloseTo(0.5, 12);
    expect(betaRegularized(0, 2, 3)).toBe(0);
    expect(betaRegularized(1, 2, 3)).toBe(1);
  });

  it('equals the binomial upper tail: I_p(k, n - k + 1) = P(Bin(n, p) >= k)', () => {
    for (const [n, k, p] of [
      [10, 3, 0.2],
      [100, 40, 0.3],
      [2000, 1020, 0.5],
      [500, 2, 0.001],
    ] as const) {
      let tail = 0;
      for (let j = k; j <= n; j++)
        tail += Math.exp(logChoose(n, j) + j * Math.log(p) + (n - j) * Math.log1p(-p));
      expect(betaRegularized(p, k, n - k + 1)).toBeCloseTo(tail, 11);
    }
  });

  it('satisfies the symmetry I_x(a, b) = 1 - I_{1-x}(b, a) for non-integer shapes', () => {
    for (const [x, a, b] of [
      [0.3, 2.5, 31.25],
      [0.97, 2000, 625.5],
      [0.01, 0.4, 0.7],
    ] as const) {
      expect(betaRegularized(x, a, b) + betaRegularized(1 - x, b, a)).toBeCloseTo(1, 12);
    }
  });
});

describe('gammaRegularizedP (incomplete gamma)', () => {
  it('equals the Poisson tail: P(n, x) = P(Poisson(x) >= n)', () => {
    for (const [n, x] of [
      [1, 0.7],
      [5, 3],
      [200, 180],
      [30, 45.5],
    ] as const) {
      let below = 0;
      for (let k = 0; k < n; k++) {
        let logTerm = -x + k * Math.log(x);
        for (let i = 2; i <= k; i++) logTerm -= Math.log(i);
        below += Math.exp(logTerm);
      }
      expect(gammaRegularizedP(n, x)).toBeCloseTo(1 - below, 12);
    }
  });

  it('inverts through gammaQuantile', () => {
    for (const [a, p] of [
      [0.3, 0.5],
      [50, 0.1],
      [2.5, 0.9],
    ] as const) {
      expect(gammaRegularizedP(a, gammaQuantile(a, p))).toBeCloseTo(p, 10);
    }
  });
});
