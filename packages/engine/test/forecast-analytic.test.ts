/** The analytic fast path (simulation model section 8) against closed forms and against the Monte Carlo. */
import { describe, expect, it } from 'vitest';
import { analyticMilestones, betaRegularized, probabilityAtLeast } from '../src/analytic';
import { runReplications } from '../src/forecast';
import { makeGroup, makePlan, milestoneColumn } from './forecast-fixtures';

describe('probabilityAtLeast', () => {
  it('is the negative binomial tail, and Poisson when the intensity is certain', () => {
    // Poisson(2): P(N >= 1) = 1 - e^-2.
    expect(probabilityAtLeast(1, 2, 0)).toBeCloseTo(1 - Math.exp(-2), 12);
    // NB(shape 1, scale 1) = geometric(1/2): P(N >= 3) = 1/8.
    expect(probabilityAtLeast(3, 1, 1)).toBeCloseTo(0.125, 12);
    expect(probabilityAtLeast(0, 0, 0)).toBe(1);
    expect(probabilityAtLeast(5, 0, 0)).toBe(0);
  });
});

describe('analyticMilestones', () => {
  it('is exact for the Poisson-Gamma case (all sites from day 0, no study factor)', () => {
    const S = 20;
    const lambda = 0.05;
    const alpha = 1 / 0.64;
    const plan = makePlan({
      groups: [makeGroup({ activationOffsets: new Array<number>(S).fill(0), screenRatePerSiteDay: lambda })],
      targetScreened: 60,
      targetEnrolled: 60,
      uncertainty: {
        studyRateCv: 0,
        startupCv: 0,
        siteRateCv: 0.8,
        nonEnrollingProbability: 0,
        countryRateCv: 0,
      },
    });
    const a = analyticMilestones(plan, [10, 50, 90]);
    const beta = alpha / lambda;
    a.milestones.lpi.quantiles.forEach((q, i) => {
      expect(betaRegularized(q! / (q! + beta), 60, S * alpha)).toBeCloseTo([0.1, 0.5, 0.9][i]!, 3);
    });
    expect(a.milestones.lpi.probabilityReached).toBeCloseTo(1, 12);
  });

  it('agrees with the Monte Carlo within Monte Carlo error (no pauses, caps or cohorts)', () => {
    // 6 countries x 6 sites, staggered start-up, seasonality, fatigue, screen failure, all uncertainty terms on.
    const seasonal = [1, 1, 1, 1, 1, 0.9, 0.8, 0.6, 1, 1, 1, 0.5];
    const plan = makePlan({
      groups: Array.from({ length: 6 }, (_, g) =>
        makeGroup({
          key: `g${g}`,
          milestones: { ...makeGroup().milestones, firstSiteActivation: 60 + 15 * g },
          activationOffsets: [0, 10, 20, 35, 50, 70],
          firstScreenDelayDays: 7,
          screenRatePerSiteDay: (0.6 + 0.1 * g) / 30.4375,
          seasonal,
          fatigue: { days: 300, finalFactor: 0.7 },
          startupSpanDays: 100,
          screenFailRate: 0.25,
        }),
      ),
      targetScreened: 400,
      targetEnrolled: 300,
      screeningDays: 14,
      uncertainty: { studyRateCv: 0.2, startupCv: 0.25, siteRateCv: 0.8, nonEnrollingProbability: 0.1 },
    });
    const R = 3000;
    const chunk = runReplications(plan, { seed: 12345, from: 0, to: R });
    const analytic = analyticMilestones(plan, [10, 50, 90]);
    for (const key of ['enrolled25', 'enrolled50', 'lpi'] as const) {
      const sorted = milestoneColumn(chunk, key).sort();
      analytic.milestones[key].quantiles.forEach((q, i) => {
        // Distribution-free 3-SE interval of the p-quantile: order statistics R p -/+ 3 sqrt(R p (1 - p)).
        const p = [0.1, 0.5, 0.9][i]!;
        const half = 3 * Math.sqrt(R * p * (1 - p));
        const lo = sorted[Math.max(0, Math.floor(R * p - half) - 1)]!;
        const hi = sorted[Math.min(R - 1, Math.ceil(R * p + half) - 1)]!;
        console.info(
          `analytic ${key} P${p * 100}: ${q!.toFixed(1)} in MC interval [${lo.toFixed(1)}, ${hi.toFixed(1)}]`,
        );
        expect(q!).toBeGreaterThanOrEqual(lo);
        expect(q!).toBeLessThanOrEqual(hi);
      });
    }
  });
});
