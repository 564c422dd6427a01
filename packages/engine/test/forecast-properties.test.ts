/** Invariants of the Monte Carlo forecast (simulation model section 10), on random small plans. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PreparedGroup, PreparedPlan } from '../src/model/prepared-plan';
import {
  MILESTONE_KEYS,
  NOT_REACHED,
  SERIES_KEYS,
  mergeChunks,
  runForecast,
  runReplications,
  summarizeForecast,
  type Forecast,
} from '../src/forecast';
import { JAN_1_2025, makeGroup, makePlan } from './forecast-fixtures';

const groupArb: fc.Arbitrary<PreparedGroup> = fc
  .record({
    first: fc.integer({ min: 0, max: 120 }),
    offsets: fc.array(fc.integer({ min: 0, max: 90 }), { minLength: 1, maxLength: 4 }),
    delay: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 10, noNaN: true })),
    ratePerMonth: fc.double({ min: 0, max: 6, noNaN: true }),
    seasonal: fc
      .array(fc.constantFrom(0, 0.5, 1), { minLength: 12, maxLength: 12 })
      .filter((s) => s.some((x) => x > 0)),
    fatigue: fc.option(
      fc.record({
        days: fc.integer({ min: 1, max: 300 }),
        finalFactor: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
    ),
    span: fc.integer({ min: 0, max: 150 }),
    sf: fc.double({ min: 0, max: 0.9, noNaN: true }),
    dropOut: fc.double({ min: 0, max: 0.6, noNaN: true }),
    capScreened: fc.option(fc.integer({ min: 1, max: 20 })),
    capEnrolled: fc.option(fc.integer({ min: 1, max: 20 })),
    pause: fc.option(
      fc.record({ afterEnrolled: fc.integer({ min: 1, max: 10 }), days: fc.integer({ min: 0, max: 60 }) }),
    ),
  })
  .map((g) =>
    makeGroup({
      milestones: { ...makeGroup().milestones, firstSiteActivation: g.first },
      activationOffsets: [...g.offsets].sort((a, b) => a - b),
      firstScreenDelayDays: g.delay,
      screenRatePerSiteDay: g.ratePerMonth / 30.4375,
      seasonal: g.seasonal,
      fatigue: g.fatigue,
      startupSpanDays: g.span,
      screenFailRate: g.sf,
      dropOutRate: g.dropOut,
      caps: { screened: g.capScreened, enrolled: g.capEnrolled },
      pause: g.pause,
    }),
  );

const planArb: fc.Arbitrary<PreparedPlan> = fc
  .record({
    groups: fc.array(groupArb, { minLength: 1, maxLength: 3 }),
    targetEnrolled: fc.integer({ min: 1, max: 40 }),
    horizonDays: fc.integer({ min: 60, max: 900 }),
    screeningDays: fc.integer({ min: 0, max: 30 }),
    treatmentDays: fc.integer({ min: 0, max: 100 }),
    followUpDays: fc.integer({ min: 0, max: 60 }),
    pause: fc.option(
      fc.record({ afterEnrolled: fc.integer({ min: 1, max: 20 }), days: fc.integer({ min: 0, max: 60 }) }),
    ),
    studyRateCv: fc.double({ min: 0, max: 0.6, noNaN: true }),
    startupCv: fc.double({ min: 0, max: 0.6, noNaN: true }),
    siteRateCv: fc.double({ min: 0, max: 1.5, noNaN: true }),
    nonEnrolling: fc.double({ min: 0, max: 0.5, noNaN: true }),
    countryRateCv: fc.double({ min: 0, max: 0.6, noNaN: true }),
  })
  .map((p) =>
    makePlan({
      day0Ms: JAN_1_2025,
      groups: p.groups.map((g, i) => ({ ...g, key: `g${i}` })),
      targetEnrolled: p.targetEnrolled,
      targetScreened: Math.ceil(p.targetEnrolled * 1.3),
      horizonDays: p.horizonDays,
      screeningDays: p.screeningDays,
      treatmentDays: p.treatmentDays,
      followUpDays: p.followUpDays,
      pause: p.pause,
      uncertainty: {
        studyRateCv: p.studyRateCv,
        startupCv: p.startupCv,
        siteRateCv: p.siteRateCv,
        nonEnrollingProbability: p.nonEnrolling,
        countryRateCv: p.countryRateCv,
      },
    }),
  );

/** Every number in the value is finite (NaN and Infinity would also be lost by JSON). */
function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (value !== null && typeof value === 'object') return Object.values(value).every(allFinite);
  return true;
}

/** Violations of the summary invariants (empty when all hold); plain loops, expect() per value is too slow. */
function forecastViolations(f: Forecast, plan: PreparedPlan): string[] {
  const bad: string[] = [];
  if (!allFinite(f)) bad.push('non-finite number');
  for (const key of MILESTONE_KEYS) {
    const q = f.milestones[key].quantiles.map((x) => (x === null ? Infinity : x));
    for (let i = 1; i < q.length; i++) if (q[i]! < q[i - 1]!) bad.push(`${key} quantiles not ordered`);
    const p = f.milestones[key].probabilityReached;
    if (!(p >= 0 && p <= 1)) bad.push(`${key} probability ${p}`);
  }
  const nSites = plan.groups.reduce((n, g) => n + g.activationOffsets.length, 0);
  for (const series of SERIES_KEYS) {
    const bands = f.bands[series];
    bands.forEach((band, li) => {
      for (let j = 0; j < band.length; j++) {
        if (j > 0 && band[j]! < band[j - 1]!) bad.push(`${series} band ${li} decreases at ${j}`);
        if (li > 0 && band[j]! < bands[li - 1]![j]!) bad.push(`${series} bands cross at ${j}`);
      }
    });
  }
  for (const band of f.bands.enrolled)
    if (band.some((v) => v > plan.targetEnrolled)) bad.push('enrolled above target');
  for (const band of f.bands.activeSites)
    if (band.some((v) => v > nSites)) bad.push('more active sites than sites');
  return bad;
}

const LEVELS = [5, 10, 50, 80, 90];

describe('forecast invariants (fast-check)', () => {
  it('same seed, same result; chunks merge into exactly the single run', () => {
    fc.assert(
      fc.property(
        planArb,
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 39 }),
        (plan, seed, cut) => {
          const R = 40;
          const single = runReplications(plan, { seed, from: 0, to: R });
          const again = runReplications(plan, { seed, from: 0, to: R });
          expect(again.milestones).toEqual(single.milestones);
          const parts = [
            runReplications(plan, { seed, from: cut, to: R }),
            runReplications(plan, { seed, from: 0, to: cut }),
          ];
          const merged = mergeChunks(parts);
          expect(merged.milestones).toEqual(single.milestones);
          expect(merged.counts).toEqual(single.counts);
          expect(summarizeForecast(merged, LEVELS)).toEqual(summarizeForecast(single, LEVELS));
        },
      ),
      { numRuns: 40 },
    );
    // 40 plans x 4 runs: about 5 s alone, more on a busy machine.
  }, 60_000);

  it('quantiles ordered, bands monotone and capped, counts ordered, everything finite', () => {
    fc.assert(
      fc.property(planArb, fc.integer({ min: 0, max: 1000 }), (plan, seed) => {
        const R = 40;
        const chunk = runReplications(plan, { seed, from: 0, to: R });
        const bad = forecastViolations(summarizeForecast(chunk, LEVELS), plan);
        const G = chunk.grid.length;
        const nM = MILESTONE_KEYS.length;
        for (let r = 0; r < R; r++) {
          const at = (s: number, j: number): number => chunk.counts[(r * SERIES_KEYS.length + s) * G + j]!;
          for (let j = 0; j < G; j++) {
            for (let s = 0; s < SERIES_KEYS.length; s++)
              if (j > 0 && at(s, j) < at(s, j - 1)) bad.push(`series ${s} decreases`);
            if (at(2, j) > at(1, j)) bad.push('enrolled > screened');
            if (at(3, j) > at(2, j)) bad.push('completed > enrolled');
          }
          const m = (k: (typeof MILESTONE_KEYS)[number]): number => {
            const v = chunk.milestones[r * nM + MILESTONE_KEYS.indexOf(k)]!;
            return v === NOT_REACHED ? Infinity : v;
          };
          const chain = ['fps', 'fpi', 'enrolled25', 'enrolled50', 'enrolled75', 'lpi'] as const;
          for (let i = 1; i < chain.length; i++)
            if (m(chain[i]!) < m(chain[i - 1]!)) bad.push(`${chain[i]} before ${chain[i - 1]}`);
          if (m('fsiv') > m('lastActivation')) bad.push('fsiv after last activation');
          if (m('lplv') < Infinity && m('lplv') < m('lpi')) bad.push('lplv before lpi');
        }
        expect([...new Set(bad)]).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('forecast examples', () => {
  it('chunks [0,300) + [300,700) + [700,1000) equal the single run of 1,000', () => {
    const plan = makePlan({
      groups: [0, 1, 2].map((g) =>
        makeGroup({
          key: `g${g}`,
          activationOffsets: [0, 14, 28, 42],
          milestones: { ...makeGroup().milestones, firstSiteActivation: 30 * g },
          startupSpanDays: 90,
          screenFailRate: 0.2,
          dropOutRate: 0.1,
          fatigue: { days: 200, finalFactor: 0.6 },
          pause: g === 1 ? { afterEnrolled: 5, days: 20 } : null,
        }),
      ),
      targetScreened: 100,
      targetEnrolled: 80,
      screeningDays: 10,
      treatmentDays: 60,
      followUpDays: 30,
      pause: { afterEnrolled: 10, days: 28 },
    });
    const single = summarizeForecast(
      runReplications(plan, { seed: 2025, from: 0, to: 1000 }),
      [10, 50, 90, 95],
    );
    const merged = summarizeForecast(
      mergeChunks([
        runReplications(plan, { seed: 2025, from: 700, to: 1000 }),
        runReplications(plan, { seed: 2025, from: 0, to: 300 }),
        runReplications(plan, { seed: 2025, from: 300, to: 700 }),
      ]),
      [10, 50, 90, 95],
    );
    expect(merged).toEqual(single);
    expect(forecastViolations(single, plan)).toEqual([]);
  });

  it('a plan with no intensity reaches nothing and stays finite', () => {
    const plan = makePlan({ groups: [makeGroup({ screenRatePerSiteDay: 0 })] });
    const f = runForecast(plan, { seed: 1, replications: 50 });
    expect(f.milestones.lpi.quantiles).toEqual([null, null, null]);
    expect(f.milestones.lpi.probabilityReached).toBe(0);
    expect(f.milestones.fsiv.quantiles).toEqual([0, 0, 0]);
    expect(allFinite(f)).toBe(true);
  });

  it('the study pause stops screening for its window', () => {
    // 10 sites at 1 patient/site/day: without the pause the 20th patient comes on day ~2; the pause after the
    // 5th enrolled patient for 100 days pushes it past day 100.
    const plan = makePlan({
      groups: [makeGroup({ activationOffsets: new Array<number>(10).fill(0), screenRatePerSiteDay: 1 })],
      targetScreened: 20,
      targetEnrolled: 20,
      pause: { afterEnrolled: 5, days: 100 },
      uncertainty: {
        studyRateCv: 0,
        startupCv: 0,
        siteRateCv: 0,
        nonEnrollingProbability: 0,
        countryRateCv: 0,
      },
    });
    const f = runForecast(plan, { seed: 3, replications: 200, levels: [1, 99] });
    expect(f.milestones.lpi.quantiles[0]!).toBeGreaterThan(100);
    expect(f.milestones.enrolled25.quantiles[1]!).toBeLessThan(2);
  });

  it('a group cap stops that group at its cap', () => {
    const plan = makePlan({
      groups: [
        makeGroup({
          key: 'a',
          activationOffsets: [0, 0],
          screenRatePerSiteDay: 1,
          caps: { screened: 3, enrolled: null },
        }),
        makeGroup({ key: 'b', activationOffsets: [0], screenRatePerSiteDay: 0.1 }),
      ],
      targetScreened: 13,
      targetEnrolled: 13,
      uncertainty: {
        studyRateCv: 0,
        startupCv: 0,
        siteRateCv: 0,
        nonEnrollingProbability: 0,
        countryRateCv: 0,
      },
    });
    // After 3 from group a, 10 more must come from b at 0.1/day: about 100 days.
    const f = runForecast(plan, { seed: 5, replications: 300, levels: [5, 50] });
    expect(f.milestones.lpi.quantiles[0]!).toBeGreaterThan(50);
    expect(f.milestones.lpi.quantiles[1]!).toBeGreaterThan(80);
  });
});
