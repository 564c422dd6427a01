import { describe, expect, it } from 'vitest';
import { randomizedCountPit, stableUniform, wilsonInterval } from '@predict/engine';
import type { CalibrationCountScore, ForecastRecordCountDistribution } from '@predict/shared';
import { scoreSitesAtMonth12, summariseCounts } from '../src/services/forecast-calibration/score-records';

/** 14 month starts from Jan-2024 (noon UTC): month 12 is Dec-2024, final once the as-of date is past its end. */
const MONTHS = Array.from({ length: 14 }, (_, m) => Date.UTC(2024, m, 1, 12));
const AS_OF = new Date(Date.UTC(2025, 5, 30));
const band = (p10: number, p50: number, p90: number) => {
  const at = (v: number) => MONTHS.map((_, m) => (m === 11 ? v : 0));
  return { p10: at(p10), p50: at(p50), p90: at(p90) };
};
/** `n` sites activated in Jun-2024 and one in Mar-2025 (after month 12: not counted). */
const activations = (n: number) => [...Array<number>(n).fill(Date.UTC(2024, 5, 1)), Date.UTC(2025, 2, 1)];

describe('sites at month 12: the randomized PIT of a count', () => {
  it('is F(x-) + v (F(x) - F(x-)) with the study’s own fixed uniform (hand example)', () => {
    // Values 2..6 with 1, 2, 4, 2, 1 of 10 replications; the actual 4: 3 below it, 4 on it.
    const d: ForecastRecordCountDistribution = { lo: 2, counts: [1, 2, 4, 2, 1] };
    const s = scoreSitesAtMonth12(MONTHS, band(2, 4, 5), d, activations(4), AS_OF, 42)!;
    expect(s).toMatchObject({ actual: 4, outcome: 'inside' });
    expect(s.pit).toBeCloseTo((3 + 4 * stableUniform(42)) / 10, 12);
    // The same study reads the same on every visit; another study draws another uniform.
    expect(scoreSitesAtMonth12(MONTHS, band(2, 4, 5), d, activations(4), AS_OF, 42)!.pit).toBe(s.pit);
    expect(stableUniform(43)).not.toBe(stableUniform(42));
    // Outside the distribution's support: 0 below it, 1 above it.
    expect(scoreSitesAtMonth12(MONTHS, band(2, 4, 5), d, activations(1), AS_OF, 1)!.pit).toBe(0);
    expect(scoreSitesAtMonth12(MONTHS, band(2, 4, 5), d, activations(9), AS_OF, 1)!.pit).toBe(1);
    // An older record without a distribution keeps the value rule (no PIT).
    expect(scoreSitesAtMonth12(MONTHS, band(2, 4, 5), undefined, activations(4), AS_OF, 1)!.pit).toBeNull();
    expect(() => randomizedCountPit(0, 0, 0, 0.5)).toThrow(RangeError);
  });

  it('scores a calibrated count forecast with heavy ties at 80% inside and 50% below P50; the value rule cannot', () => {
    // 10% of replications at 3 sites, 80% at 4, 10% at 5: P10 = 3, P50 = 4, P90 = 4 (the engine's lower inverse).
    const d: ForecastRecordCountDistribution = { lo: 3, counts: [10, 80, 10] };
    const N = 2000;
    const scores: CalibrationCountScore[] = [];
    for (let i = 0; i < N; i++) {
      // Actuals drawn from the forecast itself (stratified: exactly 10% / 80% / 10%).
      const q = (i + 0.5) / N;
      const actual = q < 0.1 ? 3 : q < 0.9 ? 4 : 5;
      scores.push(scoreSitesAtMonth12(MONTHS, band(3, 4, 4), d, activations(actual), AS_OF, 1000 + i)!);
    }
    const summary = summariseCounts(scores);
    // 80% and 50% lie inside the shares' 99.9% Wilson intervals.
    const z = 3.29;
    const cover = wilsonInterval(summary.coverage.count, N, z);
    const below = wilsonInterval(summary.belowMedian.count, N, z);
    expect(cover.lo <= 0.8 && 0.8 <= cover.hi, `coverage ${cover.share}`).toBe(true);
    expect(below.lo <= 0.5 && 0.5 <= below.hi, `below ${below.share}`).toBe(true);
    // The value rule on the same pairs: 90% inside (3 and 4 are both within P10-P90) and 10% below P50.
    const valueRule = summariseCounts(scores.map((s) => ({ ...s, pit: null })));
    expect(valueRule.coverage.share).toBeCloseTo(0.9, 9);
    expect(valueRule.belowMedian.share).toBeCloseTo(0.1, 9);
  });

  it('stableUniform is uniform over study ids (10 bins of 10,000 ids within 4 SD of 1,000)', () => {
    const bins = new Array<number>(10).fill(0);
    for (let id = 1; id <= 10_000; id++) bins[Math.floor(stableUniform(id) * 10)]!++;
    for (const b of bins) expect(Math.abs(b - 1000)).toBeLessThan(4 * Math.sqrt(1000 * 0.9));
  });
});
