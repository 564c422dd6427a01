import { describe, expect, it } from 'vitest';
import { runReplications, SERIES_KEYS } from '../src/forecast';
import { ageFactor, agePieces } from '../src/model/age-profile';
import { DEFAULT_UNCERTAINTY } from '../src/model/prepared-plan';
import { makeGroup, makePlan } from './forecast-fixtures';

/** Mean and standard error of the screened count at the end of `day` over n replications. */
function screenedAt(settings: Partial<typeof DEFAULT_UNCERTAINTY>, day: number, n = 2000) {
  const plan = makePlan({
    horizonDays: 800,
    groups: [makeGroup({ activationOffsets: new Array<number>(20).fill(0), screenRatePerSiteDay: 0.05 })],
    targetScreened: 1_000_000,
    targetEnrolled: 1_000_000,
    uncertainty: {
      ...DEFAULT_UNCERTAINTY,
      studyRateCv: 0,
      startupCv: 0,
      siteRateCv: 0,
      countryRateCv: 0,
      siteInactivationPerYear: 0,
      ...settings,
    },
  });
  const chunk = runReplications(plan, { seed: 11, from: 0, to: n, grid: [day] });
  const s = SERIES_KEYS.indexOf('screened');
  const xs = Array.from({ length: n }, (_, r) => chunk.counts[r * SERIES_KEYS.length + s]!);
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  return { mean, se: sd / Math.sqrt(n) };
}

describe('model terms (calibration.md section 1)', () => {
  it('age profile pieces: ramp-up from half the rate over 100 days', () => {
    expect(
      agePieces({ fatigueDays: Infinity, fatigueDrop: 0, rampDays: 100, rampStart: 0.5, decayPerDay: 0 }),
    ).toEqual([
      { x0: 0, x1: 100, c0: 0.5, c1: 0.005 },
      { x0: 100, x1: Infinity, c0: 1, c1: 0 },
    ]);
  });

  it('age profile pieces: fatigue x decay is the product at the breakpoints, linear between, within 0.2%', () => {
    const profile = { fatigueDays: 100, fatigueDrop: 0.5, rampDays: 0, rampStart: 0.5, decayPerDay: 0.001 };
    const pieces = agePieces(profile);
    const at = (x: number) => {
      const p = pieces.find((q) => x >= q.x0 && x < q.x1)!;
      return p.c0 + p.c1 * x;
    };
    for (const p of pieces) expect(p.c0 + p.c1 * p.x0).toBeCloseTo(ageFactor(profile, p.x0), 12);
    // The integral over two years against the product's (midpoint sums).
    let approx = 0;
    let exact = 0;
    for (let x = 0.5; x < 730; x++) {
      approx += at(x);
      exact += ageFactor(profile, x);
    }
    expect(Math.abs(approx / exact - 1)).toBeLessThan(0.002);
  });

  /**
   * Closed forms with the centring (model/age-profile.ts): a site's expected count by age t is rate x C x I(t), I the
   * integral of the age terms' product and C = 365 / I(365), so the first year always holds rate x 365.
   */
  const terms: [string, Partial<typeof DEFAULT_UNCERTAINTY>, (t: number) => number][] = [
    [
      'inactivation, 1 per site-year',
      { siteInactivationPerYear: 1 },
      (t) => (1 - Math.exp(-t / 365.25)) * 365.25,
    ],
    [
      'ramp-up from half the rate over 100 days',
      { siteRampUpDays: 100, siteRampUpStart: 0.5 },
      (t) => (t <= 100 ? 0.5 * t + 0.0025 * t * t : 75 + (t - 100)),
    ],
    ['decay 0.36525 per year', { siteDecayPerYear: 0.36525 }, (t) => (1 - Math.exp(-0.001 * t)) / 0.001],
  ];
  for (const [name, settings, integral] of terms)
    it(`${name}: E[screened] = 20 x 0.05 x C x I(t) at 100 and 365 days, C = 365 / I(365) (within 4 SE)`, () => {
      const C = 365 / integral(365);
      for (const t of [100, 365]) {
        const { mean, se } = screenedAt(settings, t - 1);
        expect(Math.abs(mean - 20 * 0.05 * C * integral(t))).toBeLessThan(4 * se + 0.002 * mean);
      }
    });

  it('without the terms the first year holds 20 x 0.05 x 365 (no centring)', () => {
    const off = screenedAt({}, 364, 400);
    expect(Math.abs(off.mean - 365)).toBeLessThan(4 * off.se);
  });
});
