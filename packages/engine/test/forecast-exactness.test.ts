/**
 * Exactness of the Monte Carlo (simulation model section 10): forecast quantiles against closed forms, within
 * three binomial standard errors of the empirical quantile: |F(q_hat_p) - p| <= 3 sqrt(p (1 - p) / R).
 */
import { describe, expect, it } from 'vitest';
import { betaRegularized, gammaRegularizedP } from '../src/analytic';
import { runReplications, summarizeForecast, type MilestoneKey } from '../src/forecast';
import { MS_PER_DAY } from '../src/time';
import { cdfDeviation, JAN_1_2025, makeGroup, makePlan } from './forecast-fixtures';

const R = 4000;
const LEVELS = [10, 50, 90];

function deviations(
  chunk: ReturnType<typeof runReplications>,
  key: MilestoneKey,
  cdf: (t: number) => number,
): number[] {
  const f = summarizeForecast(chunk, LEVELS);
  return f.milestones[key].quantiles.map((q, i) => cdfDeviation(cdf, q!, LEVELS[i]! / 100, R));
}

describe('exactness: Poisson-Gamma, all sites active from day 0 (Pearson type VI)', () => {
  // S sites, each with rate u * lambda, u ~ Gamma(alpha, alpha): the total rate is Gamma(S alpha, rate alpha / lambda),
  // so P(T_n <= t) = I_{t / (t + beta)}(n, S alpha) with beta = alpha / lambda.
  const S = 20;
  const lambda = 0.05; // patients/site/day
  const cv = 0.8;
  const alpha = 1 / (cv * cv);
  const beta = alpha / lambda;
  const plan = makePlan({
    groups: [makeGroup({ activationOffsets: new Array<number>(S).fill(0), screenRatePerSiteDay: lambda })],
    targetScreened: 60,
    targetEnrolled: 60,
    uncertainty: {
      studyRateCv: 0,
      startupCv: 0,
      siteRateCv: cv,
      nonEnrollingProbability: 0,
      countryRateCv: 0,
    },
  });
  const chunk = runReplications(plan, { seed: 20250101, from: 0, to: R });
  const cdf = (n: number) => (t: number) => betaRegularized(t / (t + beta), n, S * alpha);

  it.each([
    ['fps', 1],
    ['enrolled50', 30],
    ['lpi', 60],
  ] as const)('%s (n = %i) at P10/P50/P90', (key, n) => {
    const z = deviations(chunk, key, cdf(n));
    console.info(`Pearson VI ${key}: deviations in SE units ${z.map((x) => x.toFixed(2)).join(', ')}`);
    for (const x of z) expect(Math.abs(x)).toBeLessThanOrEqual(3);
  });
});

describe('exactness: country (group) rate factor only, all sites active from day 0', () => {
  // One group of S sites at rate lambda, times c ~ Gamma(k, k) shared by the group: the total rate is
  // Gamma(k, rate k / (S lambda)), so P(T_n <= t) = I_{t / (t + beta)}(n, k) with beta = k / (S lambda).
  const S = 10;
  const lambda = 0.05;
  const cv = 0.4;
  const k = 1 / (cv * cv);
  const beta = k / (S * lambda);
  const plan = makePlan({
    groups: [makeGroup({ activationOffsets: new Array<number>(S).fill(0), screenRatePerSiteDay: lambda })],
    targetScreened: 40,
    targetEnrolled: 40,
    uncertainty: {
      studyRateCv: 0,
      startupCv: 0,
      siteRateCv: 0,
      nonEnrollingProbability: 0,
      countryRateCv: cv,
    },
  });
  const chunk = runReplications(plan, { seed: 31, from: 0, to: R });
  const cdf = (n: number) => (t: number) => betaRegularized(t / (t + beta), n, k);

  it.each([
    ['fps', 1],
    ['enrolled50', 20],
    ['lpi', 40],
  ] as const)('%s (n = %i) at P10/P50/P90', (key, n) => {
    const z = deviations(chunk, key, cdf(n));
    console.info(`country factor ${key}: deviations in SE units ${z.map((x) => x.toFixed(2)).join(', ')}`);
    for (const x of z) expect(Math.abs(x)).toBeLessThanOrEqual(3);
  });
});

describe('exactness: non-homogeneous Poisson with a piecewise-constant rate', () => {
  // 4 sites at 0.1 patients/site/day from day 0, no heterogeneity; February has zero intensity, March half.
  const seasonal = [1, 0, 0.5, 1, 1, 1, 1, 1, 1, 1, 1, 1];
  const plan = makePlan({
    groups: [makeGroup({ activationOffsets: [0, 0, 0, 0], screenRatePerSiteDay: 0.1, seasonal })],
    targetScreened: 30,
    targetEnrolled: 30,
    uncertainty: {
      studyRateCv: 0,
      startupCv: 0,
      siteRateCv: 0,
      nonEnrollingProbability: 0,
      countryRateCv: 0,
    },
  });
  // Cumulative intensity computed independently, one Date per day.
  const lambdaOf = (t: number): number => {
    let sum = 0;
    for (let d = 0; d < Math.floor(t); d++)
      sum += 0.4 * seasonal[new Date(JAN_1_2025 + d * MS_PER_DAY).getUTCMonth()]!;
    const d = Math.floor(t);
    return sum + (t - d) * 0.4 * seasonal[new Date(JAN_1_2025 + d * MS_PER_DAY).getUTCMonth()]!;
  };
  const chunk = runReplications(plan, { seed: 7, from: 0, to: R });
  const cdf = (n: number) => (t: number) => gammaRegularizedP(n, lambdaOf(t));

  it.each([
    ['fps', 1],
    ['enrolled50', 15],
    ['lpi', 30],
  ] as const)('%s (n = %i): P(T_n <= t) = P(n, Lambda(t))', (key, n) => {
    const z = deviations(chunk, key, cdf(n));
    console.info(`NHPP ${key}: deviations in SE units ${z.map((x) => x.toFixed(2)).join(', ')}`);
    for (const x of z) expect(Math.abs(x)).toBeLessThanOrEqual(3);
  });

  it('never puts an arrival in the zero-intensity month', () => {
    const f = summarizeForecast(chunk, [1, 99]);
    const jan31 = 30; // end of January (day 30) and end of February (day 58)
    const feb28 = 58;
    const gi = (day: number): number => f.gridDays.indexOf(day);
    for (let li = 0; li < 2; li++) {
      expect(f.bands.screened[li]![gi(feb28)]).toBe(f.bands.screened[li]![gi(jan31)]);
    }
  });
});

describe('exactness: staggered activations, fatigue, part-day first screening', () => {
  // Deterministic site rates: N is Poisson with the exact cumulative intensity below (numerical integral).
  const offsets = [0, 10, 25];
  const first = 5;
  const delay = 2.5;
  const fatigue = { days: 60, finalFactor: 0.4 };
  const rate = 0.3;
  const plan = makePlan({
    groups: [
      makeGroup({
        activationOffsets: offsets,
        milestones: { ...makeGroup().milestones, firstSiteActivation: first },
        firstScreenDelayDays: delay,
        screenRatePerSiteDay: rate,
        fatigue,
      }),
    ],
    targetScreened: 40,
    targetEnrolled: 40,
    uncertainty: {
      studyRateCv: 0,
      startupCv: 0,
      siteRateCv: 0,
      nonEnrollingProbability: 0,
      countryRateCv: 0,
    },
  });
  const intensity = (t: number): number => {
    let sum = 0;
    for (const off of offsets) {
      const a = first + off;
      if (t < a + delay) continue;
      sum += rate * (1 - (1 - fatigue.finalFactor) * Math.min((t - a) / fatigue.days, 1));
    }
    return sum;
  };
  const lambdaOf = (t: number): number => {
    const h = 0.001;
    let sum = 0;
    for (let x = h / 2; x < t; x += h) sum += intensity(x) * h;
    return sum;
  };
  const chunk = runReplications(plan, { seed: 99, from: 0, to: R });

  it.each([
    ['enrolled50', 20],
    ['lpi', 40],
  ] as const)('%s (n = %i)', (key, n) => {
    const z = deviations(chunk, key, (t) => gammaRegularizedP(n, lambdaOf(t)));
    console.info(`fatigue ${key}: deviations in SE units ${z.map((x) => x.toFixed(2)).join(', ')}`);
    for (const x of z) expect(Math.abs(x)).toBeLessThanOrEqual(3);
  });
});

describe('exactness: two countries with different seasonal profiles (month-start rebuild of the sums)', () => {
  const seasonalA = [1, 0.2, 0.5, 1, 1, 1, 1, 1, 1, 1, 1, 1];
  const seasonalB = [0.3, 1, 0, 0.8, 1, 1, 1, 1, 1, 1, 1, 1];
  const sites = [
    { first: 3, offsets: [0, 20, 45], rate: 0.15, seasonal: seasonalA },
    { first: 17, offsets: [0, 9], rate: 0.25, seasonal: seasonalB },
  ];
  const plan = makePlan({
    groups: sites.map((g, i) =>
      makeGroup({
        key: `g${i}`,
        milestones: { ...makeGroup().milestones, firstSiteActivation: g.first },
        activationOffsets: g.offsets,
        screenRatePerSiteDay: g.rate,
        seasonal: g.seasonal,
        firstScreenDelayDays: 4,
      }),
    ),
    targetScreened: 45,
    targetEnrolled: 45,
    uncertainty: {
      studyRateCv: 0,
      startupCv: 0,
      siteRateCv: 0,
      nonEnrollingProbability: 0,
      countryRateCv: 0,
    },
  });
  const dayRate = (d: number): number => {
    const month = new Date(JAN_1_2025 + d * MS_PER_DAY).getUTCMonth();
    let sum = 0;
    for (const g of sites)
      for (const off of g.offsets) if (d >= g.first + off + 4) sum += g.rate * g.seasonal[month]!;
    return sum;
  };
  const lambdaOf = (t: number): number => {
    let sum = 0;
    for (let d = 0; d < Math.floor(t); d++) sum += dayRate(d);
    return sum + (t - Math.floor(t)) * dayRate(Math.floor(t));
  };
  const chunk = runReplications(plan, { seed: 31, from: 0, to: R });

  it.each([
    ['enrolled25', 12],
    ['lpi', 45],
  ] as const)('%s (n = %i)', (key, n) => {
    const z = deviations(chunk, key, (t) => gammaRegularizedP(n, lambdaOf(t)));
    console.info(`two profiles ${key}: deviations in SE units ${z.map((x) => x.toFixed(2)).join(', ')}`);
    for (const x of z) expect(Math.abs(x)).toBeLessThanOrEqual(3);
  });
});
