import { describe, expect, it } from 'vitest';
import { calibrationSummary, pit, scoreForecast, wilsonInterval, Z_90 } from '../src/portfolio';
import { percentiles } from './portfolio-fixtures';

/** P_i = i: the percentiles of a uniform distribution on [0, 100]. */
const UNIFORM = percentiles((i) => i);
/** An integer milestone: P1-P20 = 8, P21-P80 = 10, P81-P99 = 12. */
const COUNTS = percentiles((i) => (i <= 20 ? 8 : i <= 80 ? 10 : 12));
/** Days; the top 9 percentiles not reached within the horizon. */
const LATE = percentiles((i) => (i <= 90 ? 10 * i : Infinity));

describe('probability integral transform', () => {
  it('interpolates linearly between percentiles and takes the middle of the outer 1%', () => {
    expect(pit(UNIFORM, 37.5)).toBeCloseTo(0.375, 14);
    expect(pit(UNIFORM, 1)).toBeCloseTo(0.01, 14);
    expect(pit(UNIFORM, 0.3)).toBe(0.005);
    expect(pit(UNIFORM, -Infinity)).toBe(0.005);
    expect(pit(UNIFORM, 120)).toBe(0.995);
  });

  it('gives an actual tied with a run of percentiles the middle level of the run', () => {
    // 10 = P21..P80: (21 + 80) / 2 / 100; 8 = P1..P20; 12 = P81..P99.
    expect(pit(COUNTS, 10)).toBeCloseTo(0.505, 14);
    expect(pit(COUNTS, 8)).toBeCloseTo(0.105, 14);
    expect(pit(COUNTS, 12)).toBeCloseTo(0.9, 14);
    // Between P20 = 8 and P21 = 10: (20 + 1/2) / 100.
    expect(pit(COUNTS, 9)).toBeCloseTo(0.205, 14);
    expect(pit(COUNTS, 7)).toBe(0.005);
    expect(pit(COUNTS, 13)).toBe(0.995);
  });

  it('reads +Infinity as not reached: a reached actual above the last finite percentile, and one not reached', () => {
    expect(pit(LATE, 455)).toBeCloseTo(0.455, 14);
    // Above P90 = 900, P91 not reached: (90 + 0.5) / 100.
    expect(pit(LATE, 905)).toBeCloseTo(0.905, 14);
    expect(pit(LATE, 5000)).toBeCloseTo(0.905, 14);
    // Not reached, as P91..P99: (91 + 99) / 2 / 100.
    expect(pit(LATE, Infinity)).toBeCloseTo(0.95, 14);
    // A forecast that reaches everything, an actual not reached: above P99.
    expect(pit(UNIFORM, Infinity)).toBe(0.995);
  });

  it('refuses malformed forecasts', () => {
    expect(() => pit(UNIFORM.slice(1), 5)).toThrow(/99 percentiles/);
    expect(() =>
      pit(
        percentiles((i) => 100 - i),
        5,
      ),
    ).toThrow(/must not decrease/);
    expect(() =>
      pit(
        percentiles((i) => (i === 50 ? NaN : i)),
        5,
      ),
    ).toThrow(/P50 is not a number/);
    expect(() => pit(UNIFORM, NaN)).toThrow(/actual/);
  });

  it('inside P10-P90 includes both ends; below P50 is strict', () => {
    expect(scoreForecast(UNIFORM, 10)).toEqual({ pit: 0.1, inside: true, belowMedian: true });
    expect(scoreForecast(UNIFORM, 9.99).inside).toBe(false);
    expect(scoreForecast(UNIFORM, 90).inside).toBe(true);
    expect(scoreForecast(UNIFORM, 90.01).inside).toBe(false);
    expect(scoreForecast(UNIFORM, 49.9).belowMedian).toBe(true);
    expect(scoreForecast(UNIFORM, 50).belowMedian).toBe(false);
    // Ties follow the PIT: 10 of COUNTS (PIT 0.505) is inside and not below P50; 8 (0.105) is inside.
    expect(scoreForecast(COUNTS, 10)).toMatchObject({ inside: true, belowMedian: false });
    expect(scoreForecast(COUNTS, 8).inside).toBe(true);
    expect(scoreForecast(LATE, Infinity)).toMatchObject({ inside: false, belowMedian: false });
  });
});

describe('Wilson score interval (90%)', () => {
  it('matches the closed form computed by hand', () => {
    // z = 1.6448536, z^2 = 2.7055435. k = 7, n = 10: centre (7 + 1.3527717) / 12.7055435 = 0.6574116, half-width
    // 1.6448536 x sqrt(7 x 3 / 10 + 0.6763859) / 12.7055435 = 1.6448536 x 1.6662491 / 12.7055435 = 0.2157118.
    const w = wilsonInterval(7, 10);
    expect(w.share).toBe(0.7);
    expect(w.lo).toBeCloseTo(0.6574116 - 0.2157118, 6);
    expect(w.hi).toBeCloseTo(0.6574116 + 0.2157118, 6);
    // k = 0: the half-width equals the centre, so [0, z^2 / (n + z^2)] = [0, 2.7055435 / 12.7055435].
    const zero = wilsonInterval(0, 10);
    expect(zero.lo).toBe(0);
    expect(zero.hi).toBeCloseTo(Z_90 ** 2 / (10 + Z_90 ** 2), 14);
    expect(zero.hi).toBeCloseTo(0.212942, 6);
    // Symmetric: k = n mirrors k = 0.
    const all = wilsonInterval(10, 10);
    expect(all.hi).toBe(1);
    expect(all.lo).toBeCloseTo(1 - zero.hi, 12);
    expect(wilsonInterval(0, 0)).toMatchObject({ lo: 0, hi: 1 });
  });
});

describe('track record of 10 forecasts', () => {
  // One uniform forecast, 10 actuals: PITs 0.05, 0.08, 0.12, 0.25, 0.33, 0.475, 0.50, 0.64, 0.88, 0.96.
  const actuals = [5, 8, 12, 25, 33, 47.5, 50, 64, 88, 96];
  const summary = calibrationSummary(actuals.map((actual) => ({ percentiles: UNIFORM, actual })));

  it('counts coverage and the share below P50 by hand', () => {
    // Inside [0.1, 0.9]: 12, 25, 33, 47.5, 50, 64, 88 = 7 of 10. Below 0.5: 5, 8, 12, 25, 33, 47.5 = 6.
    expect(summary.n).toBe(10);
    expect(summary.coverage).toMatchObject({ count: 7, n: 10, share: 0.7 });
    expect(summary.coverage.lo).toBeCloseTo(0.4416998, 6);
    expect(summary.coverage.hi).toBeCloseTo(0.8731234, 6);
    // k = 6: centre (6 + 1.3527717) / 12.7055435 = 0.5787058, half 1.6448536 x sqrt(2.4 + 0.6763859) / 12.7055435.
    expect(summary.belowMedian).toMatchObject({ count: 6, share: 0.6 });
    expect(summary.belowMedian.lo).toBeCloseTo(0.5787058 - 0.2270672, 6);
  });

  it('bins the PITs in tenths and reads the reliability table off them', () => {
    expect(summary.pitHistogram).toEqual([2, 1, 1, 1, 1, 1, 1, 0, 1, 1]);
    // Share of actuals below the quantile at level q (PIT < q), q = 0.1..0.9.
    expect(summary.reliability.map((r) => r.observed.count)).toEqual([2, 3, 4, 5, 6, 7, 8, 8, 9]);
    expect(summary.reliability.map((r) => r.level)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]);
    expect(summary.reliability[4]!.observed).toEqual(summary.belowMedian);
  });

  it('puts a PIT of exactly j/10 in bin j', () => {
    const s = calibrationSummary([10, 20, 30, 70, 90].map((actual) => ({ percentiles: UNIFORM, actual })));
    expect(s.pitHistogram).toEqual([0, 1, 1, 1, 0, 0, 0, 1, 0, 1]);
  });
});
