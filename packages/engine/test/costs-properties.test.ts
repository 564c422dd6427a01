import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  costForecast,
  cumulativeCostByMonth,
  type CostForecast,
  type CostForecastInput,
  type ForecastGroupInput,
  type SoeCostInput,
} from '../src';
import { curvesOf } from './costs-fixtures';

const JAN_2024 = Date.UTC(2024, 0, 1, 12);
const MONEY = ['visitCost', 'assessmentCost', 'excludeCost', 'siteCost', 'totalCost'] as const;

interface Scenario {
  enrollments: [number, number][]; // [day, patients]
  activations: number[];
  sf: number;
  q: number;
  loss: number;
  T: number;
  F: number;
  costs: number[];
  fees: number[];
  overheadPct: number;
  multiplier: number;
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  enrollments: fc.array(
    fc.tuple(fc.integer({ min: 30, max: 200 }), fc.double({ min: 0.1, max: 20, noNaN: true })),
    {
      minLength: 1,
      maxLength: 6,
    },
  ),
  activations: fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 1, maxLength: 5 }),
  sf: fc.double({ min: 0, max: 0.6, noNaN: true }),
  q: fc.double({ min: 0, max: 0.5, noNaN: true }),
  loss: fc.double({ min: 0, max: 0.3, noNaN: true }),
  T: fc.integer({ min: 1, max: 120 }),
  F: fc.integer({ min: 0, max: 90 }),
  costs: fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 4, maxLength: 4 }),
  fees: fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 6, maxLength: 6 }),
  overheadPct: fc.integer({ min: 0, max: 10000 }).map((x) => x / 100),
  multiplier: fc.integer({ min: 0, max: 500 }).map((x) => x / 100),
});

const FEE_TYPES = [
  '1x at Activation',
  '1x at Close',
  'Recurring Monthly',
  'Recurring Quarterly',
  'Recurring Yearly',
  'Adhoc',
];

function soeOf(s: Scenario): SoeCostInput {
  return {
    currency: 'USD',
    intervalType: 'Day',
    visits: [
      {
        visitId: 1,
        visitName: 'S',
        category: 'Screening',
        studyDay: 1,
        overheadPct: s.overheadPct,
        visitCostCents: 1234,
      },
      {
        visitId: 2,
        visitName: 'T',
        category: 'Treatment',
        studyDay: Math.ceil(s.T / 2),
        overheadPct: s.overheadPct,
        visitCostCents: null,
      },
      {
        visitId: 3,
        visitName: 'E',
        category: 'Treatment',
        studyDay: s.T + 1,
        overheadPct: null,
        visitCostCents: 777,
      },
      {
        visitId: 4,
        visitName: 'F',
        category: 'Follow Up',
        studyDay: s.T + s.F + 1,
        overheadPct: 5,
        visitCostCents: null,
      },
      {
        visitId: 5,
        visitName: 'U',
        category: 'Unscheduled',
        studyDay: null,
        overheadPct: null,
        visitCostCents: 999,
      },
    ],
    assessments: [
      ...s.costs.map((c, i) => ({
        assessmentId: i + 1,
        name: `A${i}`,
        type: i % 2 ? 'Non Procedure' : 'Procedure',
        costCents: c,
        overhead: i < 2,
        exclude: i === 3,
      })),
      ...s.fees.map((c, i) => ({
        assessmentId: 10 + i,
        name: `F${i}`,
        type: FEE_TYPES[i]!,
        costCents: c,
        overhead: false,
        exclude: false,
      })),
    ],
    mapping: [1, 2, 3, 4, 5].flatMap((visitId) =>
      [1, 2, 3, 4].map((assessmentId) => ({
        visitId,
        assessmentId,
        multiplier: assessmentId === 2 ? s.multiplier : null,
        uniqueNonUnique: null,
      })),
    ),
    levels: [],
  };
}

/** A group whose curves follow the engine's flow: screened 7 days before enrollment, completion T days after. */
function groupOf(s: Scenario, shift = 0): ForecastGroupInput {
  const screened: Record<number, number> = {};
  const enrolled: Record<number, number> = {};
  const completed: Record<number, number> = {};
  for (const [d, n] of s.enrollments) {
    screened[d + shift - 7] = (screened[d + shift - 7] ?? 0) + n / (1 - s.sf);
    enrolled[d + shift] = (enrolled[d + shift] ?? 0) + n;
    completed[d + shift + s.T] = (completed[d + shift + s.T] ?? 0) + n * (1 - s.q);
  }
  const activeSites: Record<number, number> = {};
  for (const a of s.activations) activeSites[a] = (activeSites[a] ?? 0) + 1;
  return {
    siteGroupId: 1,
    siteGroupName: 'G',
    curves: curvesOf({ activeSites, screened, enrolled, completedTreatment: completed }, 500),
    screenFailRate: s.sf,
    dropOutRate: s.q,
  };
}

const inputOf = (s: Scenario, soe = soeOf(s), shift = 0): CostForecastInput => ({
  soe,
  day0Ms: JAN_2024,
  treatmentDays: s.T,
  followUpDays: s.F,
  followUpLossRate: s.loss,
  groups: [groupOf(s, shift)],
});

const totalOf = (f: CostForecast) => f.summary.find((r) => r.dataSet === 'Total')!.totalCost;

describe('cost forecast properties', () => {
  it('summary rows equal the sums of their months to the cent; SubTotal and Total add up', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const f = costForecast(inputOf(s));
        for (const row of f.summary) {
          const months = f.detail.filter(
            (d) => d.dataSet === row.dataSet && d.siteGroupId === row.siteGroupId && d.siteId === row.siteId,
          );
          for (const k of MONEY) expect(months.reduce((sum, d) => sum + d[k], 0)).toBe(row[k]);
          expect(row.totalCost).toBe(row.visitCost + row.siteCost);
        }
        const details = f.summary.filter((r) => r.dataSet === 'Detail');
        for (const k of MONEY) expect(details.reduce((sum, r) => sum + r[k], 0)).toBe(f.summary.at(-1)![k]);
      }),
      { numRuns: 60 },
    );
  });

  it("the Investigator Grants sum to the group's totalCost", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const f = costForecast(inputOf(s));
        const g = f.grants[0]!;
        const parts = [
          g.screenFails,
          g.completedTreatment,
          g.dropOutOfTreatment,
          g.patientsCompleteFollowUp,
          g.siteFees,
        ];
        expect(parts.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(g.totalCost);
        expect(g.totalCost).toBe(f.summary.find((r) => r.dataSet === 'SubTotal')!.totalCost);
      }),
      { numRuns: 60 },
    );
  });

  it('doubling a cost doubles its share (to the rounding of the month cells)', () => {
    // Whole-unit costs and multipliers keep the visit totals exact, so only the month cells round.
    const exactTotals = scenario.map((s) => ({
      ...s,
      costs: s.costs.map((c) => c - (c % 100)),
      multiplier: Math.round(s.multiplier),
      overheadPct: Math.round(s.overheadPct),
    }));
    fc.assert(
      fc.property(exactTotals, fc.integer({ min: 0, max: 2 }), (s, which) => {
        const withCost = (c: number) => {
          const costs = [...s.costs];
          costs[which] = c;
          return costForecast(inputOf({ ...s, costs }));
        };
        const base = withCost(0);
        const once = totalOf(withCost(s.costs[which]!)) - totalOf(base);
        const twice = totalOf(withCost(2 * s.costs[which]!)) - totalOf(base);
        const cells = base.detail.filter((d) => d.dataSet === 'Detail').length;
        expect(Math.abs(twice - 2 * once)).toBeLessThanOrEqual(cells);
      }),
      { numRuns: 40 },
    );
  });

  it('an excluded assessment never reaches the totals, only Exclude Cost', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const a = costForecast(inputOf({ ...s, costs: [...s.costs.slice(0, 3), 0] }));
        const b = costForecast(inputOf({ ...s, costs: [...s.costs.slice(0, 3), 4_000_000] }));
        expect(b.summary.map((r) => [r.visitCost, r.assessmentCost, r.totalCost])).toEqual(
          a.summary.map((r) => [r.visitCost, r.assessmentCost, r.totalCost]),
        );
        expect(a.summary.at(-1)!.excludeCost).toBe(0);
      }),
      { numRuns: 30 },
    );
  });

  it('moving enrollment later never moves cumulative visit spend earlier (to the rounding of the month cells)', () => {
    const whole = scenario.map((s) => ({
      ...s,
      enrollments: s.enrollments.map(([d, n]) => [d, Math.ceil(n)] as [number, number]),
      sf: 0,
      q: 0,
      loss: 0,
      multiplier: 1,
      overheadPct: 0,
      fees: [s.fees[0]!, 0, 0, 0, 0, 0], // activation fees do not depend on enrollment
    }));
    fc.assert(
      fc.property(whole, fc.integer({ min: 1, max: 90 }), (s, shift) => {
        const rest = inputOf(s);
        const band = cumulativeCostByMonth(rest, {
          p10: [groupOf(s, shift)],
          p50: [groupOf(s)],
          p90: [groupOf(s)],
        });
        // Each month cell rounds to the cent once, so a cumulative value may differ by one cent per month so far.
        band.forEach((p, m) => expect(p.p10).toBeLessThanOrEqual(p.p50 + m + 1));
        expect(Math.abs(band.at(-1)!.p10 - band.at(-1)!.p50)).toBeLessThanOrEqual(band.length);
      }),
      { numRuns: 40 },
    );
  });
});
