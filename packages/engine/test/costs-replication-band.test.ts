import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadExample } from '../examples';
import {
  bandGroupCurves,
  costBandByMonth,
  costBandModel,
  costBandTotals,
  replicationCost,
  type CostBandInput,
  type Curves,
  type ForecastGroupInput,
  type SoeCostInput,
  parseSimulationInput,
  preparePlan,
  runReplications,
  SERIES_KEYS,
} from '../src';
import { forecastGroup, groupMonthTotals } from '../src/costs/forecast-groups';
import { curvesOf, simpleFlows } from './costs-fixtures';

const JAN_2024 = Date.UTC(2024, 0, 1, 12);
const days = (n: number) => Array.from({ length: n }, (_, d) => d);

/**
 * SOE in USD: screening (Day 1) 100.00, end of treatment (Day 31) 50.00; per site 1000.00 at activation, 10.00
 * monthly, 300.00 at close.
 */
function soe(): SoeCostInput {
  const fee = (assessmentId: number, type: string, costCents: number) => ({
    assessmentId,
    name: type,
    type,
    costCents,
    overhead: false,
    exclude: false,
  });
  return {
    currency: 'USD',
    intervalType: 'Day',
    visits: [
      {
        visitId: 1,
        visitName: 'Screening',
        category: 'Screening',
        studyDay: 1,
        overheadPct: null,
        visitCostCents: 10000,
      },
      {
        visitId: 2,
        visitName: 'EOT',
        category: 'Treatment',
        studyDay: 31,
        overheadPct: null,
        visitCostCents: 5000,
      },
    ],
    assessments: [
      fee(1, '1x at Activation', 100000),
      fee(2, 'Recurring Monthly', 1000),
      fee(3, '1x at Close', 30000),
    ],
    mapping: [],
    levels: [],
  };
}

/** One US group: 2 sites active on day 0, 10 patients enrolled on day 5 (plan line), treatment 30 days. */
function oneGroup(): CostBandInput {
  const curves = curvesOf({ activeSites: { 0: 2 }, ...simpleFlows({ 5: 10 }, 5, 30) }, 120);
  return {
    soe: soe(),
    day0Ms: JAN_2024,
    treatmentDays: 30,
    followUpDays: 0,
    screeningDays: 5,
    groups: [{ siteGroupId: 1, siteGroupName: 'USA', curves, screenFailRate: 0, dropOutRate: 0 }],
    totalEnrolled: curves.enrolled,
  };
}

/** A replication enrolling all 10 patients on `day`. */
const enrollingOn = (day: number) => days(120).map((t) => (t >= day ? 10 : 0));

describe('costBandByMonth, hand-computed (one group, USD, three replications)', () => {
  // Plan line and replication A: enrolled Jan 6 (day 5): screening 1,000.00 in Jan, EOT (day 35) 500.00 in Feb,
  // sites close in Feb. B: enrolled Feb 10 (day 40), EOT day 70 (Mar 11), close Mar. C: enrolled Mar 6 (day 65), EOT
  // day 95 (Apr 5), close Apr. Fees: 2 x 1,000.00 in Jan, 2 x 10.00 each month open, 2 x 300.00 in the close month.
  //        Jan       Feb                  Mar                      Apr
  // A/plan 3,020.00  +1,120.00 = 4,140.00  4,140.00                4,140.00
  // B      2,020.00  +1,020.00 = 3,040.00  +1,120.00 = 4,160.00    4,160.00
  // C      2,020.00  +20.00 = 2,040.00     +1,020.00 = 3,060.00    +1,120.00 = 4,180.00
  // Three replications: P10 = rank ceil(0.3) = 1 (the lowest), P50 rank 2, P90 rank 3.
  const points = costBandByMonth(oneGroup(), {
    gridDays: days(120),
    enrolled: [enrollingOn(5), enrollingOn(40), enrollingOn(65)],
  });

  it('takes each month’s order statistics of the replications’ own cumulative costs', () => {
    expect(points).toEqual([
      { monthYear: 'Jan 2024', p10: 202000, p50: 202000, p90: 302000, plan: 302000 },
      { monthYear: 'Feb 2024', p10: 204000, p50: 304000, p90: 414000, plan: 414000 },
      { monthYear: 'Mar 2024', p10: 306000, p50: 414000, p90: 416000, plan: 414000 },
      { monthYear: 'Apr 2024', p10: 414000, p50: 416000, p90: 418000, plan: 414000 },
    ]);
  });

  it('runs to the month of the last visit in any replication, and without replications is the plan line', () => {
    expect(points.at(-1)!.monthYear).toBe('Apr 2024');
    const plain = costBandByMonth(oneGroup(), { gridDays: days(120), enrolled: [] });
    expect(plain.map((p) => [p.monthYear, p.p10, p.p50, p.p90, p.plan])).toEqual([
      ['Jan 2024', 302000, 302000, 302000, 302000],
      ['Feb 2024', 414000, 414000, 414000, 414000],
    ]);
  });
});

// Two engine-like groups (as costs-band.test): screened D days before enrollment (20 % fail), completion T later.
const D = 7;
const T = 30;
const F = 20;
const LENGTH = 240;

function group(enrolled: Record<number, number>, sites: Record<number, number>): Curves {
  const by = (shift: number, factor: number) =>
    Object.fromEntries(Object.entries(enrolled).map(([d, n]) => [Number(d) + shift, n * factor]));
  return curvesOf(
    {
      activeSites: sites,
      screened: by(-D, 1 / 0.8),
      enrolled,
      completedTreatment: by(T, 0.9),
      completedFollowUp: by(T + F, 0.9),
    },
    LENGTH,
  );
}

/** Every visit phase with costs: screening (with failures), two treatment visits, follow-up, unscheduled. */
function richSoe(intervalType: SoeCostInput['intervalType'] = 'Day'): SoeCostInput {
  const s = soe();
  return {
    ...s,
    intervalType,
    visits: [
      {
        visitId: 1,
        visitName: 'Screening',
        category: 'Screening',
        studyDay: 1,
        overheadPct: null,
        visitCostCents: 12345,
      },
      {
        visitId: 2,
        visitName: 'Dose 2',
        category: 'Treatment',
        studyDay: 2,
        overheadPct: null,
        visitCostCents: 7000,
      },
      {
        visitId: 3,
        visitName: 'EOT',
        category: 'Treatment',
        studyDay: 4,
        overheadPct: null,
        visitCostCents: 5000,
      },
      {
        visitId: 4,
        visitName: 'FU',
        category: 'Follow Up',
        studyDay: 6,
        overheadPct: null,
        visitCostCents: 3000,
      },
      {
        visitId: 5,
        visitName: 'Unsch',
        category: 'Unscheduled',
        studyDay: null,
        overheadPct: null,
        visitCostCents: 999,
      },
    ],
  };
}

function twoGroups(intervalType: SoeCostInput['intervalType'] = 'Week'): CostBandInput {
  const a = group({ 20: 1, 21: 2, 35: 1.5, 60: 3 }, { 0: 2, 15: 1 });
  const b = group({ 25: 2, 40: 2, 41: 0.5 }, { 10: 3 });
  const g = (siteGroupId: number, curves: Curves): ForecastGroupInput => ({
    siteGroupId,
    siteGroupName: `G${siteGroupId}`,
    curves,
    screenFailRate: 0.2,
    dropOutRate: 0.1,
  });
  return {
    soe: richSoe(intervalType),
    day0Ms: JAN_2024,
    treatmentDays: T,
    followUpDays: F,
    followUpLossRate: 0.05,
    screeningDays: D,
    groups: [g(1, a), g(2, b)],
    totalEnrolled: a.enrolled.map((x, d) => x + b.enrolled[d]!),
  };
}

/** The reference: the path mapped onto group curves (bandGroupCurves), then costed like the tables (unrounded). */
function reference(input: CostBandInput, enrolled: number[]) {
  const model = costBandModel(input);
  const curves = bandGroupCurves(
    input.groups.map((g) => g.curves),
    input.totalEnrolled,
    { gridDays: days(LENGTH), enrolled },
    { screeningDays: D, treatmentDays: T, followUpDays: F },
  );
  const groups = input.groups.map((g, i) => ({ ...g, curves: curves[i]! }));
  const forecasts = groups.map((g) => forecastGroup({ ...input, groups }, g));
  const monthly = new Float64Array(model.grid.labels.length);
  for (const f of forecasts) groupMonthTotals(f, model.grid).forEach((x, m) => (monthly[m]! += x));
  let running = 0;
  return {
    cumulative: Array.from(monthly, (x) => (running += x)),
    lastDay: Math.max(...forecasts.map((f) => f.closeDay)),
  };
}

describe('replicationCost: the same money as costing the mapped group curves', () => {
  const input = twoGroups();
  const total = Array.from(input.totalEnrolled);
  const paths: [string, number[]][] = [
    ['the plan line', total],
    ['10 days later', days(LENGTH).map((d) => (d >= 10 ? total[d - 10]! : 0))],
    ['slower (0.7 x the pace)', days(LENGTH).map((d) => total[Math.floor(d * 0.7)]!)],
    ['faster (1.3 x the pace)', days(LENGTH).map((d) => total[Math.min(LENGTH - 1, Math.floor(d * 1.3))]!)],
    ['stopping at 6 of 12 patients', total.map((x) => Math.min(x, 6))],
  ];
  it.each(paths)('%s', (_, enrolled) => {
    const model = costBandModel(input);
    const fast = replicationCost(model, { gridDays: days(LENGTH), enrolled });
    const ref = reference(input, enrolled);
    // The reference rounds each row and month to the cent (2 groups x 1 row): at most 1 cent a month.
    fast.cumulative.forEach((x, m) => expect(Math.abs(x - ref.cumulative[m]!)).toBeLessThanOrEqual(m + 1));
    expect(fast.lastDay).toBe(ref.lastDay);
  });
});

describe('costBandByMonth properties', () => {
  const path = fc
    .record({
      delay: fc.integer({ min: -15, max: 40 }),
      pace: fc.double({ min: 0.4, max: 2.5, noNaN: true }),
      cap: fc.double({ min: 0.3, max: 1, noNaN: true }),
    })
    .map(({ delay, pace, cap }) => {
      return (total: Float64Array) => {
        const final = total[total.length - 1]!;
        return days(LENGTH).map((d) => {
          const x = (d - delay) * pace;
          return x < 0 ? 0 : Math.min(cap * final, total[Math.min(LENGTH - 1, Math.floor(x))]!);
        });
      };
    });

  it('P10 <= P50 <= P90 every month, each non-decreasing, ending in the last visit month', () => {
    fc.assert(
      fc.property(
        fc.array(path, { minLength: 1, maxLength: 25 }),
        fc.constantFrom('Day', 'Week', 'Month'),
        (makers, intervalType) => {
          const input = twoGroups(intervalType as SoeCostInput['intervalType']);
          const enrolled = makers.map((m) => m(input.totalEnrolled));
          const points = costBandByMonth(input, { gridDays: days(LENGTH), enrolled });
          for (const [i, p] of points.entries()) {
            expect(p.p10).toBeLessThanOrEqual(p.p50);
            expect(p.p50).toBeLessThanOrEqual(p.p90);
            if (i > 0)
              for (const k of ['p10', 'p50', 'p90', 'plan'] as const)
                expect(p[k]).toBeGreaterThanOrEqual(points[i - 1]![k]);
          }
          // The band ends in the month of the last visit of any replication (or of the plan line).
          const model = costBandModel(input);
          const last = Math.max(
            reference(input, Array.from(input.totalEnrolled)).lastDay,
            ...enrolled.map((e) => reference(input, e).lastDay),
          );
          const month = new Date(JAN_2024 + last * 86_400_000);
          const label = `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month.getUTCMonth()]} ${month.getUTCFullYear()}`;
          expect(points.at(-1)!.monthYear).toBe(label);
          // Nothing is spent after it: the last point is every replication's total.
          const finals = enrolled.map((e) => replicationCost(model, { gridDays: days(LENGTH), enrolled: e }));
          const lastIndex = model.grid.labels.indexOf(label);
          for (const f of finals) expect(f.cumulative.at(-1)).toBeCloseTo(f.cumulative[lastIndex]!, 6);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("the replications' paths (the server re-runs the run's first replications, recorded daily)", () => {
  it('a daily grid records the same replications as the run’s grid: the grid only says which days are kept', () => {
    const parsed = parseSimulationInput(loadExample('w1'));
    if (!parsed.ok) throw new Error('w1 does not parse');
    const prepared = preparePlan(parsed.input);
    const run = runReplications(prepared, { seed: 7, from: 0, to: 5 });
    const daily = runReplications(prepared, {
      seed: 7,
      from: 0,
      to: 5,
      grid: days(prepared.horizonDays + 1),
    });
    expect(Array.from(daily.milestones)).toEqual(Array.from(run.milestones));
    const e = SERIES_KEYS.indexOf('enrolled');
    const S = SERIES_KEYS.length;
    for (let r = 0; r < 5; r++)
      run.grid.forEach((d, j) =>
        expect(daily.counts[(r * S + e) * daily.grid.length + d]).toBe(
          run.counts[(r * S + e) * run.grid.length + j],
        ),
      );
  });
});

describe('costBandTotals: the band of the total cost, for the study and each site group', () => {
  it('is the order statistics of the replications’ whole costs (the hand case above: 4,140, 4,160, 4,180)', () => {
    const bands = costBandTotals(oneGroup(), {
      gridDays: days(120),
      enrolled: [enrollingOn(65), enrollingOn(5), enrollingOn(40)],
    });
    const whole = { p10: 414000, p50: 416000, p90: 418000, plan: 414000 };
    expect(bands.total).toEqual(whole);
    expect(bands.groups).toEqual([{ siteGroupId: 1, siteGroupName: 'USA', ...whole }]);
  });

  it('without spread every quantile is the plan line, and the groups add up to the study (to the cent each)', () => {
    const input = twoGroups();
    const plan = Array.from(input.totalEnrolled);
    const bands = costBandTotals(input, { gridDays: days(LENGTH), enrolled: [plan, plan, plan] });
    // The plan line rounds each row and month to the cent, a replication its total once: a cent a month apart.
    for (const b of [bands.total, ...bands.groups]) {
      expect(b.p10).toBe(b.p90);
      expect(b.p50).toBe(b.p90);
      expect(Math.abs(b.p50 - b.plan)).toBeLessThanOrEqual(8);
    }
    expect(bands.groups.map((g) => g.siteGroupName)).toEqual(['G1', 'G2']);
    const sum = bands.groups.reduce((s, g) => s + g.plan, 0);
    expect(Math.abs(sum - bands.total.plan)).toBeLessThanOrEqual(bands.groups.length);
    expect(bands.total.plan).toBeGreaterThan(0);
  });

  it('a late replication costs a group no less than its plan line when fees run longer (ordered bands)', () => {
    const input = twoGroups();
    const total = Array.from(input.totalEnrolled);
    const late = days(LENGTH).map((d) => (d >= 30 ? total[d - 30]! : 0));
    const bands = costBandTotals(input, { gridDays: days(LENGTH), enrolled: [total, late, late] });
    for (const b of [bands.total, ...bands.groups]) {
      expect(b.p10).toBeLessThanOrEqual(b.p50);
      expect(b.p50).toBeLessThanOrEqual(b.p90);
      // Monthly fees for 30 more days: the late replications cost more than the plan line.
      expect(b.p90).toBeGreaterThan(b.plan);
    }
  });
});
