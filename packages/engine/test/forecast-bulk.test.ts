/**
 * Bulk screen failures (src/forecast/replicate.ts): with one class, no caps or country pauses and the enrolled stop
 * rule, the walk draws only the patients who pass screening and the failures come as Poisson counts per grid
 * interval (Poisson splitting). These tests check that path against closed forms and against the per-patient
 * path (forced by a second class with no sites), within Monte Carlo error.
 */
import { describe, expect, it } from 'vitest';
import { gammaRegularizedP } from '../src/analytic';
import {
  MILESTONE_KEYS,
  SERIES_KEYS,
  runReplications,
  summarizeForecast,
  type ForecastChunk,
} from '../src/forecast';
import { cdfDeviation, makeGroup, makePlan, milestoneColumn } from './forecast-fixtures';

const R = 4000;
/** Two-sample Kolmogorov-Smirnov critical value at alpha = 0.001 for two samples of R. */
const KS_CRITICAL = 1.95 * Math.sqrt(2 / R);

function ks(a: Float64Array, b: Float64Array): number {
  const x = Float64Array.from(a).sort();
  const y = Float64Array.from(b).sort();
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < x.length && j < y.length) {
    const v = Math.min(x[i]!, y[j]!);
    while (i < x.length && x[i]! <= v) i++;
    while (j < y.length && y[j]! <= v) j++;
    d = Math.max(d, Math.abs(i / x.length - j / y.length));
  }
  return d;
}

function countColumn(
  chunk: ForecastChunk,
  series: (typeof SERIES_KEYS)[number],
  gridDay: number,
): Float64Array {
  const s = SERIES_KEYS.indexOf(series);
  const j = Array.from(chunk.grid).indexOf(gridDay);
  const G = chunk.grid.length;
  const n = chunk.to - chunk.from;
  return Float64Array.from({ length: n }, (_, r) => chunk.counts[(r * SERIES_KEYS.length + s) * G + j]!);
}

describe('bulk screen failures', () => {
  // 10 sites from day 0 at 0.2 screened/site/day: screening is Poisson with rate 2/day until the stop.
  const plan = makePlan({
    groups: [
      makeGroup({
        activationOffsets: new Array<number>(10).fill(0),
        screenRatePerSiteDay: 0.2,
        screenFailRate: 0.4,
      }),
    ],
    targetScreened: 2000,
    targetEnrolled: 1000,
    horizonDays: 400,
    uncertainty: {
      studyRateCv: 0,
      startupCv: 0,
      siteRateCv: 0,
      nonEnrollingProbability: 0,
      countryRateCv: 0,
    },
  });
  const chunk = runReplications(plan, { seed: 11, from: 0, to: R, grid: [9, 29, 59, 400] });

  it('screened counts are Poisson with the full screening intensity (failures included)', () => {
    for (const day of [9, 29, 59]) {
      const xs = countColumn(chunk, 'screened', day);
      const mean = xs.reduce((a, b) => a + b, 0) / R;
      const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (R - 1);
      const lambda = 2 * (day + 1);
      expect(Math.abs(mean - lambda) / Math.sqrt(lambda / R)).toBeLessThan(4);
      expect(Math.abs(variance / lambda - 1)).toBeLessThan(5 * Math.sqrt(2 / R) + 1 / lambda);
      // Enrolled (screening days 0) is the thinned process, Poisson with 60% of the intensity.
      const en = countColumn(chunk, 'enrolled', day);
      const enMean = en.reduce((a, b) => a + b, 0) / R;
      expect(Math.abs(enMean - 0.6 * lambda) / Math.sqrt((0.6 * lambda) / R)).toBeLessThan(4);
    }
  });

  it('the first screened patient may be a failure: fps ~ Exp(2)', () => {
    const f = summarizeForecast(chunk, [10, 50, 90]);
    f.milestones.fps.quantiles.forEach((q, i) => {
      const p = [0.1, 0.5, 0.9][i]!;
      expect(Math.abs(cdfDeviation((t) => 1 - Math.exp(-2 * t), q!, p, R))).toBeLessThanOrEqual(3);
    });
    // ... and the first enrolled is the first pass: Exp(1.2).
    f.milestones.fpi.quantiles.forEach((q, i) => {
      const p = [0.1, 0.5, 0.9][i]!;
      expect(Math.abs(cdfDeviation((t) => gammaRegularizedP(1, 1.2 * t), q!, p, R))).toBeLessThanOrEqual(3);
    });
  });
});

describe('bulk path = per-patient path in distribution (pause, fatigue, stop, staggered sites)', () => {
  const group = makeGroup({
    activationOffsets: [0, 5, 12, 20, 31, 40],
    milestones: { ...makeGroup().milestones, firstSiteActivation: 3 },
    firstScreenDelayDays: 2,
    screenRatePerSiteDay: 0.15,
    screenFailRate: 0.3,
    dropOutRate: 0.2,
    fatigue: { days: 60, finalFactor: 0.5 },
    startupSpanDays: 30,
  });
  const base = {
    targetScreened: 60,
    targetEnrolled: 40,
    horizonDays: 600,
    screeningDays: 3,
    treatmentDays: 20,
    followUpDays: 5,
    pause: { afterEnrolled: 10, days: 14 },
  };
  const bulk = makePlan({ ...base, groups: [group] });
  // A second class without sites changes nothing in law but forces the per-patient path.
  const legacy = makePlan({
    ...base,
    groups: [group, makeGroup({ key: 'g1', activationOffsets: [], screenFailRate: 0.9 })],
  });
  const grid = [20, 45, 70, 100, 600];
  const a = runReplications(bulk, { seed: 5, from: 0, to: R, grid });
  const b = runReplications(legacy, { seed: 6, from: 0, to: R, grid });

  it.each(['fps', 'fpi', 'enrolled50', 'lpi', 'lps', 'lplv'] as const)('%s', (key) => {
    expect(MILESTONE_KEYS).toContain(key);
    expect(ks(milestoneColumn(a, key), milestoneColumn(b, key))).toBeLessThan(KS_CRITICAL);
  });

  it.each([20, 45, 70, 100, 600])('screened and enrolled counts at day %i', (day) => {
    expect(ks(countColumn(a, 'screened', day), countColumn(b, 'screened', day))).toBeLessThan(KS_CRITICAL);
    expect(ks(countColumn(a, 'enrolled', day), countColumn(b, 'enrolled', day))).toBeLessThan(KS_CRITICAL);
  });
});
