import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadExample } from '../examples';
import {
  computePlanLine,
  ipKitsPerVisit,
  ipSupplyForecast,
  parseSimulationInput,
  preparePlan,
  visitOccurrences,
  type IpSupplyInput,
  type IpSupplySettings,
  type SoeCostInput,
} from '../src';
import { curvesOf, simpleFlows } from './costs-fixtures';

const JAN_2024 = Date.UTC(2024, 0, 1, 12);
const LENGTH = 120;
const days = (n: number) => Array.from({ length: n }, (_, d) => d);
const settings = (over: Partial<IpSupplySettings> = {}): IpSupplySettings => ({
  confidence: 0.9,
  leadWeeks: 4,
  siteStockKits: 4,
  ...over,
});

const visit = (
  visitId: number,
  visitName: string,
  category: 'Screening' | 'Treatment',
  studyDay: number,
) => ({
  visitId,
  visitName,
  category,
  studyDay,
  overheadPct: null,
  visitCostCents: null,
});
const assessment = (assessmentId: number, name: string, type: string, ipAdministered: boolean) => ({
  assessmentId,
  name,
  type,
  costCents: 1000,
  overhead: false,
  exclude: false,
  ipAdministered,
});

/**
 * Screening (Day 1) without IP; cycles on Day 1, Day 29 and Day 57 dispense 1, 2 and 1 (no multiplier) kits; an ECG
 * at C1D1 is not IP, and an IP flag on a site fee (which the editor refuses) is not a dispensation.
 */
function soe(): SoeCostInput {
  return {
    currency: 'USD',
    intervalType: 'Day',
    visits: [
      visit(1, 'Screening', 'Screening', 1),
      visit(2, 'C1D1', 'Treatment', 1),
      visit(3, 'C2D1', 'Treatment', 29),
      visit(4, 'C3D1', 'Treatment', 57),
    ],
    assessments: [
      assessment(1, 'Study drug', 'Procedure', true),
      assessment(2, 'ECG', 'Procedure', false),
      assessment(3, 'Fee', '1x at Activation', true),
    ],
    mapping: [
      { visitId: 1, assessmentId: 2, multiplier: 1, uniqueNonUnique: null },
      { visitId: 2, assessmentId: 1, multiplier: 1, uniqueNonUnique: null },
      { visitId: 2, assessmentId: 2, multiplier: 3, uniqueNonUnique: null },
      { visitId: 3, assessmentId: 1, multiplier: 2, uniqueNonUnique: null },
      { visitId: 4, assessmentId: 1, multiplier: null, uniqueNonUnique: null },
      { visitId: 4, assessmentId: 3, multiplier: 1, uniqueNonUnique: null },
    ],
    levels: [],
  };
}

/** One country, one site active on day 0 (1 Jan 2024), 10 patients enrolled on day 5, treatment 60 days. */
function handCase(): IpSupplyInput {
  const curves = curvesOf({ activeSites: { 0: 1 }, ...simpleFlows({ 5: 10 }, 5, 60) }, LENGTH);
  return {
    soe: soe(),
    day0Ms: JAN_2024,
    treatmentDays: 60,
    followUpDays: 0,
    screeningDays: 5,
    groups: [
      {
        siteGroupId: 1,
        siteGroupName: 'United States',
        countryIso3: 'USA',
        curves,
        screenFailRate: 0,
        dropOutRate: 0,
      },
    ],
    totalEnrolled: curves.enrolled,
  };
}

const pathsOf = (enrolled: ArrayLike<number>[]) => ({ gridDays: days(LENGTH), enrolled });
const stepAt = (day: number, n = 10) => Float64Array.from(days(LENGTH), (d) => (d >= day ? n : 0));

describe('the hand case: one country, one site, 10 patients on 6 Jan 2024', () => {
  // Kits: 10 on 6 Jan (C1D1), 20 on 3 Feb (C2D1, day 33), 10 on 2 Mar (C3D1, day 61): 40 in all.
  it('counts the kits per dispensation from the IP cells only', () => {
    expect(ipKitsPerVisit(soe())).toEqual([0, 1, 2, 1]);
  });

  it('gives the dispensed kits, initial stock and a shipment plan covering 4 weeks ahead, exact to the kit', () => {
    for (const paths of [pathsOf([]), pathsOf([stepAt(5), stepAt(5), stepAt(5)])]) {
      const f = ipSupplyForecast(handCase(), paths, settings());
      expect(f.kitsPerVisit.map((v) => [v.visitName, v.kits])).toEqual([
        ['C1D1', 1],
        ['C2D1', 2],
        ['C3D1', 1],
      ]);
      expect(f.countries.map((c) => [c.countryIso3, c.name, c.sites])).toEqual([
        [null, 'All countries', 1],
        ['USA', 'United States', 1],
      ]);
      for (const c of f.countries) {
        const rows = c.months.map((m) => [
          m.monthYear,
          m.dispensed.p50,
          m.cumulative.p10,
          m.cumulative.p50,
          m.cumulative.p90,
          m.plan,
          m.required,
          m.initialStock,
          m.shipment,
          m.supplied,
        ]);
        // By 31 Jan + 28 days (28 Feb) 30 kits are dispensed: 4 at the site, 26 shipped; by 28 Mar all 40.
        expect(rows).toEqual([
          ['Jan 2024', 10, 10, 10, 10, 10, 30, 4, 26, 30],
          ['Feb 2024', 20, 30, 30, 30, 30, 40, 0, 10, 40],
          ['Mar 2024', 10, 40, 40, 40, 40, 40, 0, 0, 40],
        ]);
        expect(c.totals).toEqual({
          planKits: 40,
          kits: { p10: 40, p50: 40, p90: 40 },
          meanKits: 40,
          initialStock: 4,
          shipped: 36,
          overage: 0,
          // End of Jan: 30 supplied, 10 dispensed.
          peakSafetyStock: 20,
        });
      }
    }
  });

  it('without a lead time ships each month what the month dispenses, less the stock', () => {
    const f = ipSupplyForecast(handCase(), pathsOf([]), settings({ leadWeeks: 0 }));
    expect(f.countries[1]!.months.map((m) => m.shipment)).toEqual([6, 20, 10]);
    expect(f.countries[1]!.totals.shipped).toBe(36);
  });

  it('takes the order statistics of the replications: one of three enrolls a month later', () => {
    // The late replication enrolls on 6 Feb (day 36): 10 kits in Feb, 20 in Mar (day 64), 10 in Apr (day 92).
    const paths = pathsOf([stepAt(5), stepAt(36), stepAt(5)]);
    const at = (confidence: number) =>
      ipSupplyForecast(handCase(), paths, settings({ confidence, leadWeeks: 0 })).countries[1]!;
    const high = at(0.9);
    expect(
      high.months.map((m) => [m.monthYear, m.cumulative.p10, m.cumulative.p50, m.cumulative.p90]),
    ).toEqual([
      ['Jan 2024', 0, 10, 10],
      ['Feb 2024', 10, 30, 30],
      ['Mar 2024', 30, 40, 40],
      ['Apr 2024', 40, 40, 40],
    ]);
    expect(high.months.map((m) => [m.dispensed.p10, m.dispensed.p50, m.dispensed.p90])).toEqual([
      [0, 10, 10],
      [10, 20, 20],
      [10, 10, 20],
      [0, 0, 10],
    ]);
    // P90 (rank 3 of 3) covers the early replications; confidence 0.2 (rank 1) the late one.
    expect(high.months.map((m) => m.shipment)).toEqual([6, 20, 10, 0]);
    expect(at(0.2).months.map((m) => m.shipment)).toEqual([0, 6, 20, 10]);
    // The mean total is 40 kits in every replication: no overage.
    expect(high.totals.overage).toBe(0);
  });

  it('puts the initial stock in the month each site activates', () => {
    const input = handCase();
    const g = input.groups[0]!;
    const curves = curvesOf({ activeSites: { 0: 1, 40: 2 }, ...simpleFlows({ 5: 10 }, 5, 60) }, LENGTH);
    input.groups = [g, { ...g, siteGroupId: 2, siteGroupName: 'Canada', countryIso3: 'CAN', curves }];
    input.totalEnrolled = Float64Array.from(g.curves.enrolled, (x, d) => x + curves.enrolled[d]!);
    const f = ipSupplyForecast(input, pathsOf([]), settings({ siteStockKits: 3 }));
    const stock = (i: number) => f.countries[i]!.months.map((m) => m.initialStock);
    expect(f.countries.map((c) => c.name)).toEqual(['All countries', 'United States', 'Canada']);
    expect(stock(2)).toEqual([3, 6, 0]);
    expect(stock(0)).toEqual([6, 6, 0]);
    expect(f.countries[0]!.totals.planKits).toBe(80);
    // All countries: the countries' shipments summed.
    expect(f.countries[0]!.months.map((m) => m.shipment)).toEqual(
      f.countries[1]!.months.map((m, i) => m.shipment + f.countries[2]!.months[i]!.shipment),
    );
  });
});

describe('random replications', () => {
  // A plan line over two countries: 12 + 8 patients spread over days 5-40, the second country later.
  function twoCountries(intervalType: SoeCostInput['intervalType']): IpSupplyInput {
    const spread = (from: number, n: number) =>
      Object.fromEntries(days(n).map((k) => [from + 3 * k, 1])) as Record<number, number>;
    const a = curvesOf({ activeSites: { 0: 2 }, ...simpleFlows(spread(5, 12), 5, 60) }, LENGTH);
    const b = curvesOf({ activeSites: { 10: 1, 20: 1 }, ...simpleFlows(spread(20, 8), 5, 60) }, LENGTH);
    const group = (id: number, iso3: string, curves: typeof a) => ({
      siteGroupId: id,
      siteGroupName: iso3,
      countryIso3: iso3,
      curves,
      screenFailRate: 0.2,
      dropOutRate: 0.3,
    });
    return {
      soe: { ...soe(), intervalType },
      day0Ms: JAN_2024,
      treatmentDays: 60,
      followUpDays: 0,
      screeningDays: 5,
      groups: [group(1, 'USA', a), group(2, 'DEU', b)],
      totalEnrolled: Float64Array.from(a.enrolled, (x, d) => x + b.enrolled[d]!),
    };
  }
  const path = fc
    .record({
      delay: fc.integer({ min: -15, max: 40 }),
      pace: fc.double({ min: 0.4, max: 2.5, noNaN: true }),
      cap: fc.double({ min: 0.3, max: 1, noNaN: true }),
    })
    .map(({ delay, pace, cap }) => (total: Float64Array) => {
      const final = total[total.length - 1]!;
      return days(LENGTH).map((d) => {
        const x = (d - delay) * pace;
        return x < 0 ? 0 : Math.min(cap * final, total[Math.min(LENGTH - 1, Math.floor(x))]!);
      });
    });

  it('orders the quantiles, keeps the cumulative non-decreasing and covers the quantile through the lead time', () => {
    fc.assert(
      fc.property(
        fc.array(path, { minLength: 1, maxLength: 25 }),
        fc.constantFrom('Day', 'Week'),
        fc.constantFrom(0.5, 0.8, 0.9),
        fc.integer({ min: 0, max: 12 }),
        (makers, intervalType, confidence, leadWeeks) => {
          const input = twoCountries(intervalType as SoeCostInput['intervalType']);
          const paths = pathsOf(makers.map((m) => m(input.totalEnrolled)));
          const f = ipSupplyForecast(input, paths, settings({ confidence, leadWeeks }));
          const longer = ipSupplyForecast(input, paths, settings({ confidence, leadWeeks: leadWeeks + 4 }));
          const surer = ipSupplyForecast(input, paths, settings({ confidence: 0.95, leadWeeks }));
          f.countries.forEach((c, i) => {
            c.months.forEach((m, k) => {
              for (const q of [m.dispensed, m.cumulative]) {
                expect(q.p10).toBeLessThanOrEqual(q.p50);
                expect(q.p50).toBeLessThanOrEqual(q.p90);
              }
              expect(m.supplied).toBeGreaterThanOrEqual(m.required - 1e-9);
              expect(Number.isInteger(m.shipment) && m.shipment >= 0).toBe(true);
              const before = c.months[k - 1];
              if (before)
                for (const key of ['p10', 'p50', 'p90'] as const)
                  expect(m.cumulative[key]).toBeGreaterThanOrEqual(before.cumulative[key]);
              // A longer lead time or a higher confidence has shipped at least as much by every month.
              expect(longer.countries[i]!.months[k]!.supplied).toBeGreaterThanOrEqual(m.supplied);
              expect(surer.countries[i]!.months[k]!.supplied).toBeGreaterThanOrEqual(m.supplied);
            });
            expect(surer.countries[i]!.totals.shipped).toBeGreaterThanOrEqual(c.totals.shipped);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('ships earlier with a longer lead time', () => {
    const input = twoCountries('Day');
    const paths = pathsOf([input.totalEnrolled]);
    const shipped = (leadWeeks: number) =>
      ipSupplyForecast(input, paths, settings({ leadWeeks })).countries[0]!.months.map((m) => m.supplied);
    const [short, long] = [shipped(0), shipped(8)];
    expect(long.some((x, k) => x > short[k]!)).toBe(true);
    expect(long.at(-1)).toBe(short.at(-1));
  });
});

describe('zero variance: every replication is the plan line (w1)', () => {
  it('has a P50 total equal to the plan-line visit occurrences x kits, per country and in all', () => {
    const parsed = parseSimulationInput(loadExample('w1'));
    if (!parsed.ok) throw new Error('w1 does not parse');
    const prepared = preparePlan(parsed.input);
    const line = computePlanLine(prepared);
    const input: IpSupplyInput = {
      soe: soe(),
      day0Ms: prepared.day0Ms,
      treatmentDays: prepared.treatmentDays,
      followUpDays: prepared.followUpDays,
      screeningDays: prepared.screeningDays,
      groups: prepared.groups.map((g, i) => ({
        siteGroupId: i + 1,
        siteGroupName: g.name,
        countryIso3: g.countryIso3,
        curves: line.groups[i]!.curves,
        screenFailRate: g.screenFailRate,
        dropOutRate: g.dropOutRate,
      })),
      totalEnrolled: line.total.enrolled,
    };
    const L = line.total.enrolled.length;
    const paths = { gridDays: days(L), enrolled: [line.total.enrolled, line.total.enrolled] };
    const f = ipSupplyForecast(input, paths, settings());
    const kits = ipKitsPerVisit(input.soe);
    const expected = input.groups.map((g) =>
      visitOccurrences(input.soe.visits, g.curves, {
        intervalType: 'Day',
        treatmentDays: input.treatmentDays,
        followUpDays: input.followUpDays,
        screenFailRate: g.screenFailRate,
        dropOutRate: g.dropOutRate,
      }).reduce((s, o, v) => s + kits[v]! * o.cumulative.at(-1)!, 0),
    );
    const all = expected.reduce((s, x) => s + x, 0);
    expect(all).toBeGreaterThan(10);
    expect(f.countries[0]!.totals.kits.p50).toBeCloseTo(all, 2);
    expect(f.countries[0]!.totals.planKits).toBeCloseTo(all, 2);
    for (const c of f.countries.slice(1)) {
      const mine = input.groups.flatMap((g, i) => (g.countryIso3 === c.countryIso3 ? [expected[i]!] : []));
      expect(c.totals.kits.p50).toBeCloseTo(
        mine.reduce((s, x) => s + x, 0),
        2,
      );
    }
    // Month by month too: the re-timed replication is the plan line.
    for (const m of f.countries[0]!.months) expect(m.cumulative.p50).toBeCloseTo(m.plan, 2);
  });
});
