import { describe, expect, it } from 'vitest';
import {
  computeVisitTotals,
  costForecast,
  cumulativeCostByMonth,
  strategyRows,
  type CostForecastInput,
  type CostSummaryRow,
  type SoeCostInput,
} from '../src';
import { curvesOf, simpleFlows, smallSoe } from './costs-fixtures';

const JAN_2024 = Date.UTC(2024, 0, 1, 12);

/** SOE in USD: screening 100.00, treatment (day 31) 50.00, a 20.00 pass-through kit at screening, 1000.00 start-up. */
function usSoe(): SoeCostInput {
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
        visitName: 'End of treatment',
        category: 'Treatment',
        studyDay: 31,
        overheadPct: null,
        visitCostCents: 5000,
      },
    ],
    assessments: [
      { assessmentId: 1, name: 'Kit', type: 'Procedure', costCents: 2000, overhead: false, exclude: true },
      {
        assessmentId: 2,
        name: 'Start-up',
        type: '1x at Activation',
        costCents: 100000,
        overhead: false,
        exclude: false,
      },
    ],
    mapping: [{ visitId: 1, assessmentId: 1, multiplier: null, uniqueNonUnique: null }],
    levels: [],
  };
}

/** One US group: 2 sites active on day 0, 10 patients screened on day 0 and enrolled on day 5, treatment 30 days. */
function usInput(soe = usSoe()): CostForecastInput {
  return {
    soe,
    day0Ms: JAN_2024,
    treatmentDays: 30,
    followUpDays: 0,
    groups: [
      {
        siteGroupId: 1,
        siteGroupName: 'USA',
        curves: curvesOf({ activeSites: { 0: 2 }, ...simpleFlows({ 5: 10 }, 5, 30) }, 60),
        screenFailRate: 0,
        dropOutRate: 0,
      },
    ],
  };
}

const money = (r: CostSummaryRow) => [r.visitCost, r.assessmentCost, r.excludeCost, r.siteCost, r.totalCost];

describe('costForecast, hand-computed (one group, USD)', () => {
  const f = costForecast(usInput());

  it('Cost Summary: Detail, SubTotal and Total rows', () => {
    expect(f.summary.map((r) => [r.dataSet, r.siteId])).toEqual([
      ['Detail', 1],
      ['SubTotal', null],
      ['Total', null],
    ]);
    // 10 screenings x 100.00 + 10 end-of-treatment x 50.00; 2 sites x 1000.00; kit 10 x 20.00 separate.
    expect(f.summary[0]).toMatchObject({
      siteGroupName: 'USA',
      siteCount: 2,
      subjectCount: 10,
      visitCount: 20,
      assessmentCount: 10,
      visitCost: 150000,
      assessmentCost: 0,
      excludeCost: 20000,
      siteCost: 200000,
      totalCost: 350000,
    });
    expect(money(f.summary[2]!)).toEqual(money(f.summary[0]!));
  });

  it('Cost Detail: per calendar month from first activation to the last patient last visit (day 35, Feb)', () => {
    const rows = f.detail.filter((r) => r.dataSet === 'Detail');
    expect(rows.map((r) => [r.monthYear, r.visitCost, r.siteCost, r.excludeCost, r.siteCount])).toEqual([
      ['Jan 2024', 100000, 200000, 20000, 2],
      ['Feb 2024', 50000, 0, 0, 2],
    ]);
  });

  it('Investigator Grants: all patients complete treatment; site fees separate', () => {
    expect(f.grants).toEqual([
      {
        siteGroupId: 1,
        siteGroupName: 'USA',
        numberOfSites: 2,
        screenFails: 0,
        completedTreatment: 150000,
        dropOutOfTreatment: 0,
        patientsCompleteFollowUp: 0,
        siteFees: 200000,
        totalCost: 350000,
      },
    ]);
  });

  it('doubling a cost doubles its share', () => {
    const soe = usSoe();
    soe.visits[1]!.visitCostCents = 10000;
    const doubled = costForecast(usInput(soe));
    expect(doubled.summary[2]!.totalCost - f.summary[2]!.totalCost).toBe(50000);
    expect(doubled.grants[0]!.completedTreatment).toBe(200000);
  });
});

describe('costForecast, two groups', () => {
  it('the Total row and the Total of each month add up the groups', () => {
    const one = usInput();
    const g2 = { ...one.groups[0]!, siteGroupId: 2, siteGroupName: 'CAN' };
    const f = costForecast({ ...one, groups: [one.groups[0]!, g2] });
    expect(f.summary.map((r) => [r.siteGroupName, r.dataSet, r.totalCost])).toEqual([
      ['USA', 'Detail', 350000],
      ['USA', 'SubTotal', 350000],
      ['CAN', 'Detail', 350000],
      ['CAN', 'SubTotal', 350000],
      ['Total', 'Total', 700000],
    ]);
    const totals = f.detail.filter((r) => r.dataSet === 'Total');
    expect(totals.map((r) => [r.monthYear, r.totalCost, r.siteCount])).toEqual([
      ['Jan 2024', 600000, 4],
      ['Feb 2024', 100000, 4],
    ]);
    expect(f.grants.map((g) => g.totalCost)).toEqual([350000, 350000]);
  });
});

describe('costForecast, contracted site and country sites in another currency', () => {
  // FRA (EUR 0.92): 4 sites on day 0; 10 screened on day 0, 8 enrolled on day 10 (20 % screen fail); treatment 28
  // days, follow-up 28; site 5 has a contract, the other 3 cost the country's values. Visits: screening (day 1),
  // week 2 (day 15), follow-up (day 43 = 14 days after completing treatment on day 38, i.e. day 52 = 22 Feb).
  const input: CostForecastInput = {
    soe: smallSoe(),
    day0Ms: JAN_2024,
    treatmentDays: 28,
    followUpDays: 28,
    groups: [
      {
        siteGroupId: 1,
        siteGroupName: 'FRA',
        curves: curvesOf(
          { activeSites: { 0: 4 }, screened: { 0: 10 }, enrolled: { 10: 8 }, completedTreatment: { 38: 8 } },
          80,
        ),
        screenFailRate: 0.2,
        dropOutRate: 0,
      },
    ],
  };
  const f = costForecast(input);
  const detail = (siteId: number) => f.detail.filter((r) => r.dataSet === 'Detail' && r.siteId === siteId);

  it('a contracted site costs its contract values for 1/4 of the patients, converted to USD', () => {
    // Jan: (10 x 250.00 + 8 x 195.25) EUR / 4 / 0.92 = 1103.8043 -> 110380 cents; Feb: 8 x 30.00 / 4 / 0.92.
    expect(detail(5).map((r) => [r.monthYear, r.visitCost, r.siteCost])).toEqual([
      ['Jan 2024', 110380, 500000],
      ['Feb 2024', 6522, 0],
    ]);
  });

  it("the other 3 sites cost the country's values", () => {
    // Jan: (10 x 203.32 + 8 x 188.71) EUR x 3/4 / 0.92 = 2888.2174; Feb: 8 x 23.46 x 3/4 / 0.92 = 153.00.
    expect(detail(1).map((r) => [r.visitCost, r.siteCost, r.siteCount])).toEqual([
      [288822, 1500000, 3],
      [15300, 0, 3],
    ]);
    const sub = f.summary.find((r) => r.dataSet === 'SubTotal')!;
    expect(sub).toMatchObject({ siteCount: 4, visitCost: 110380 + 6522 + 288822 + 15300, siteCost: 2000000 });
  });

  it('grants: screen failures attend only the first screening visit', () => {
    const perScreening = (25000 / 4 + (3 * 20332) / 4) / 0.92; // USD cents per screening occurrence
    const g = f.grants[0]!;
    expect(Math.abs(g.screenFails - 2 * perScreening)).toBeLessThanOrEqual(1);
    expect(
      Math.abs(g.patientsCompleteFollowUp - (8 * (3000 / 4 + (3 * 2346) / 4)) / 0.92),
    ).toBeLessThanOrEqual(1);
    expect(g.dropOutOfTreatment).toBe(0);
    expect(
      g.screenFails + g.completedTreatment + g.dropOutOfTreatment + g.patientsCompleteFollowUp + g.siteFees,
    ).toBe(g.totalCost);
  });

  it('the missing rate of a group blocks the forecast with an error naming it', () => {
    const soe = smallSoe();
    soe.levels[0]!.exchangeRate = 0;
    expect(() => costForecast({ ...input, soe })).toThrow(/FRA/);
  });
});

describe('cumulativeCostByMonth', () => {
  it('later enrollment moves spend later; the total stays (hand-computed)', () => {
    const input = usInput();
    const group = input.groups[0]!;
    // P10: the same 10 patients enrolled 60 days later (day 65 = 6 Mar, end of treatment 5 Apr).
    const late = {
      ...group,
      curves: curvesOf({ activeSites: { 0: 2 }, ...simpleFlows({ 65: 10 }, 5, 30) }, 120),
    };
    const band = cumulativeCostByMonth(input, { p10: [late], p50: [group], p90: [group] });
    expect(band.slice(0, 4)).toEqual([
      { monthYear: 'Jan 2024', p10: 200000, p50: 300000, p90: 300000 },
      { monthYear: 'Feb 2024', p10: 200000, p50: 350000, p90: 350000 },
      { monthYear: 'Mar 2024', p10: 300000, p50: 350000, p90: 350000 },
      { monthYear: 'Apr 2024', p10: 350000, p50: 350000, p90: 350000 },
    ]);
  });
});

describe('strategyRows', () => {
  it('Clinical Strategy minutes and Data Management counts per visit', () => {
    const soe = smallSoe();
    Object.assign(soe.visits[0]!, { miEstSDRSDV: 120, miSampleVisit: 1, dmCentralLab: 2 });
    Object.assign(soe.visits[1]!, { miEstSDRSDV: 60, miSampleVisit: 0, dmUniqueCRFs: 7 });
    const rows = strategyRows(soe, { cdaReviewPctTime: 30, addlTimeOnSitePct: 10 });
    const of = (visitName: string) =>
      Object.fromEntries(
        rows.filter((r) => r.visitName === visitName).map((r) => [r.rowLabel, r.visitValue]),
      );
    // Sampled: onsite = (1 - 0.3) x 120 x 1.1 = 92.4; CDA review = 0.3 x 120 = 36.
    expect(of('Screening')).toEqual({
      '100% SDR/SDV Time (minutes)': 120,
      'CRA Sampled Visit': 1,
      'Onsite SDR/SDV (minutes)': 92.4,
      'CDA Review (minutes)': 36,
      'Unique CRFs': 1,
      'Non Unique CRFs': 1,
      'Integrated ePRO': 0,
      'Paper ePRO': 0,
      'Central Lab': 2,
      'Local Lab': 0,
    });
    // Not sampled: no onsite time; the visit's own Unique CRFs replace the grid's count.
    expect(of('Week 2')).toMatchObject({
      'Onsite SDR/SDV (minutes)': 0,
      'CDA Review (minutes)': 18,
      'Unique CRFs': 7,
    });
  });
});

describe('money conventions (docs/soe-forecast.md "Money conventions"), hand-computed', () => {
  const fee = (assessmentId: number, type: string, costCents: number) => ({
    assessmentId,
    name: type,
    type,
    costCents,
    overhead: false,
    exclude: false,
  });
  const visit = (
    visitId: number,
    category: 'Treatment' | 'Follow Up',
    studyDay: number,
    cents: number | null,
  ) => ({
    visitId,
    visitName: `V${visitId}`,
    category,
    studyDay,
    overheadPct: null,
    visitCostCents: cents,
  });

  it('sites close in the month of their last patient last visit, not at the plan LPLV (1)', () => {
    // 10 sites active 1 Jan 2024, 500.00 a month each; 10 patients enrolled 15 Jan (day 14), treatment 30 days,
    // follow-up 252 days. The last visit, follow-up Day 241 = day 210 of follow-up, is on day 14 + 240 = 254
    // (11 Sep): monthly fees Jan - Sep = 9 x 10 x 500.00 = 45,000.00. The plan's LPLV (day 14 + 30 + 252 = 296,
    // 23 Oct) would add October: 50,000.00.
    const soe: SoeCostInput = {
      currency: 'USD',
      intervalType: 'Day',
      visits: [visit(1, 'Treatment', 1, 10000), visit(2, 'Follow Up', 241, 5000)],
      assessments: [fee(1, 'Recurring Monthly', 50000)],
      mapping: [],
      levels: [],
    };
    const f = costForecast({
      soe,
      day0Ms: JAN_2024,
      treatmentDays: 30,
      followUpDays: 252,
      groups: [
        {
          siteGroupId: 1,
          siteGroupName: 'USA',
          curves: curvesOf({ activeSites: { 0: 10 }, ...simpleFlows({ 14: 10 }, 0, 30) }, 320),
          screenFailRate: 0,
          dropOutRate: 0,
        },
      ],
    });
    const total = f.summary.find((r) => r.dataSet === 'Total')!;
    expect(total.siteCost).toBe(4_500_000);
    expect(total.visitCost).toBe(150_000);
    const months = f.detail.filter((r) => r.dataSet === 'Total').map((r) => r.monthYear);
    expect(months.at(-1)).toBe('Sep 2024');
    expect(months).toHaveLength(9);
  });

  it('Week 4 is 28 days after Day 1 (Day 29) (2)', () => {
    // Enrolled 4 Jan (day 3): Week 4 is day 31, 1 Feb (formerly 27 days after, day 30, 31 Jan).
    const soe: SoeCostInput = {
      currency: 'USD',
      intervalType: 'Week',
      visits: [visit(1, 'Treatment', 0, 10000), visit(2, 'Treatment', 4, 5000)],
      assessments: [],
      mapping: [],
      levels: [],
    };
    const f = costForecast({
      soe,
      day0Ms: JAN_2024,
      treatmentDays: 60,
      followUpDays: 0,
      groups: [
        {
          siteGroupId: 1,
          siteGroupName: 'USA',
          curves: curvesOf({ activeSites: { 0: 1 }, ...simpleFlows({ 3: 2 }, 0, 60) }, 90),
          screenFailRate: 0,
          dropOutRate: 0,
        },
      ],
    });
    const rows = f.detail.filter((r) => r.dataSet === 'Total');
    // Week 0 is Day 1, the enrollment day: 2 x 100.00 in January; Week 4: 2 x 50.00 in February.
    expect(rows.map((r) => [r.monthYear, r.visitCost])).toEqual([
      ['Jan 2024', 20000],
      ['Feb 2024', 10000],
    ]);
  });

  it('an inherited amount in another currency is converted exactly, rounded once per displayed cell (3)', () => {
    // Lab 13.33 USD at study level, x 3 at the screening visit; FRA in EUR at 0.92 inherits it: 12.2636 EUR (not
    // 12.26), so the FRA Assessment Cost is 3 x 12.2636 = 36.7908 -> 36.79 EUR (formerly 36.78). Ten screenings
    // at FRA cost 10 x 36.7908 / 0.92 = 10 x 39.99 = 399.90 USD (formerly 10 x 36.78 / 0.92 = 399.78).
    const soe: SoeCostInput = {
      currency: 'USD',
      intervalType: 'Day',
      visits: [visit(1, 'Treatment', 1, null)],
      assessments: [
        { assessmentId: 1, name: 'Lab', type: 'Procedure', costCents: 1333, overhead: false, exclude: false },
      ],
      mapping: [{ visitId: 1, assessmentId: 1, multiplier: 3, uniqueNonUnique: null }],
      levels: [
        {
          siteGroupId: 1,
          siteId: 1,
          label: 'FRA',
          currency: 'EUR',
          exchangeRate: 0.92,
          visits: [],
          assessments: [],
        },
      ],
    };
    const totals = computeVisitTotals(soe, { siteGroupId: 1, siteId: 1 });
    expect(totals[0]).toMatchObject({ assessmentCostCents: 3679, totalVisitCostCents: 3679 });
    expect(totals[0]!.exact.totalVisitCost).toBeCloseTo(3679.08, 9);
    const f = costForecast({
      soe,
      day0Ms: JAN_2024,
      treatmentDays: 30,
      followUpDays: 0,
      groups: [
        {
          siteGroupId: 1,
          siteGroupName: 'FRA',
          curves: curvesOf({ activeSites: { 0: 1 }, ...simpleFlows({ 5: 10 }, 0, 30) }, 60),
          screenFailRate: 0,
          dropOutRate: 0,
        },
      ],
    });
    expect(f.summary.find((r) => r.dataSet === 'Total')!.visitCost).toBe(39990);
  });
});
