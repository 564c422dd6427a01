import { describe, expect, it } from 'vitest';
import {
  lastVisitDay,
  monthGrid,
  siteActivationDays,
  siteFeeCounts,
  visitOccurrences,
  visitOffsetDays,
  type SoeCostVisit,
} from '../src';
import { cumulative, curvesOf } from './costs-fixtures';

const visit = (
  visitId: number,
  category: SoeCostVisit['category'],
  studyDay: number | null,
): SoeCostVisit => ({
  visitId,
  visitName: `V${visitId}`,
  category,
  studyDay,
  overheadPct: null,
  visitCostCents: null,
});
const last = (c: Float64Array) => c[c.length - 1]!;
const daily = (c: Float64Array, d: number) => c[d]! - (d > 0 ? c[d - 1]! : 0);

describe('visitOffsetDays: Day 1 is the enrollment day', () => {
  it('numbers days clinically: Day n is n - 1 days after Day 1, Day -n n days before it, no Day 0', () => {
    expect(visitOffsetDays(1, 'Day')).toBe(0);
    expect(visitOffsetDays(15, 'Day')).toBe(14);
    expect(visitOffsetDays(29, 'Day')).toBe(28);
    // Day -1 is the day before Day 1; Day -13 is 13 days before it (formerly 14: Day 0 counted as a day).
    expect(visitOffsetDays(-1, 'Day')).toBe(-1);
    expect(visitOffsetDays(-13, 'Day')).toBe(-13);
    // Day 0 (the SOE rules accept study day 0) is Day 1, the enrollment day (formerly the day before it).
    expect(visitOffsetDays(0, 'Day')).toBe(0);
  });

  it('counts hours, weeks, months and years as time elapsed from Day 1', () => {
    // Week 4 = Day 29, 28 days after Day 1 (formerly 27); Week 0 = Day 1.
    expect(visitOffsetDays(4, 'Week')).toBe(28);
    expect(visitOffsetDays(2, 'Week')).toBe(14);
    expect(visitOffsetDays(0, 'Week')).toBe(0);
    expect(visitOffsetDays(-2, 'Week')).toBe(-14);
    expect(visitOffsetDays(48, 'Hour')).toBe(2);
    expect(visitOffsetDays(1, 'Month')).toBe(30.4375);
    expect(visitOffsetDays(6, 'Month')).toBe(182.625);
    expect(visitOffsetDays(1, 'Year')).toBe(365.25);
  });
});

describe('visitOccurrences, hand-computed', () => {
  // Screened 2.5 on day 0 and 5 on day 2 (screen fail 20 %), enrolled 2 on day 1 and 4 on day 3; treatment 4 days,
  // drop-out 50 %: completed treatment 1 on day 5 and 2 on day 7; follow-up 4 days, 50 % lost.
  const curves = curvesOf(
    {
      activeSites: { 0: 1 },
      screened: { 0: 2.5, 2: 5 },
      enrolled: { 1: 2, 3: 4 },
      completedTreatment: { 5: 1, 7: 2 },
    },
    10,
  );
  const visits = [
    visit(1, 'Screening', 1),
    visit(2, 'Screening', 2),
    visit(3, 'Treatment', 3),
    visit(4, 'Treatment', 5),
    visit(5, 'Follow Up', 7),
    visit(6, 'Unscheduled', null),
  ];
  const occ = visitOccurrences(visits, curves, {
    intervalType: 'Day',
    treatmentDays: 4,
    followUpDays: 4,
    screenFailRate: 0.2,
    dropOutRate: 0.5,
    followUpLossRate: 0.5,
  });
  const [s1, s2, t3, t5, fu, un] = occ as [
    (typeof occ)[0],
    (typeof occ)[0],
    (typeof occ)[0],
    (typeof occ)[0],
    (typeof occ)[0],
    (typeof occ)[0],
  ];

  it('screening: enrolled patients at every screening visit, screen failures at the first on their screening day', () => {
    expect(last(s1.cumulative)).toBeCloseTo(6 + 0.2 * 7.5, 12);
    expect(last(s1.screenFailures!)).toBeCloseTo(1.5, 12);
    expect(daily(s1.cumulative, 0)).toBeCloseTo(0.5, 12); // 20 % of 2.5 screened on day 0
    expect(daily(s1.cumulative, 1)).toBeCloseTo(2, 12); // Day 1 = enrollment day
    expect(daily(s1.cumulative, 2)).toBeCloseTo(1, 12);
    expect(last(s2.cumulative)).toBeCloseTo(6, 12);
    expect(s2.screenFailures).toBeNull();
    expect(daily(s2.cumulative, 2)).toBeCloseTo(2, 12);
    expect(s1.completerShare).toBe(0.5);
  });

  it('treatment: drop-out decay (1 - q)^(offset / T)', () => {
    const attending = 0.5 ** (2 / 4);
    expect(daily(t3.cumulative, 3)).toBeCloseTo(2 * attending, 12);
    expect(daily(t3.cumulative, 5)).toBeCloseTo(4 * attending, 12);
    expect(t3.completerShare).toBeCloseTo(0.5 / attending, 12);
    // At the end of treatment only the completers attend: the completed-treatment count.
    expect(last(t5.cumulative)).toBeCloseTo(last(curves.completedTreatment), 12);
    expect(t5.completerShare).toBeCloseTo(1, 12);
  });

  it('follow up: completed treatment, shifted by (offset - T), times the retention so far', () => {
    const retention = 0.5 ** (2 / 4);
    expect(daily(fu.cumulative, 7)).toBeCloseTo(1 * retention, 12);
    expect(daily(fu.cumulative, 9)).toBeCloseTo(2 * retention, 12);
    expect(last(fu.cumulative)).toBeCloseTo(3 * retention, 12);
  });

  it('unscheduled: one per enrolled patient spread evenly over the treatment days', () => {
    expect(un.cumulative[2]).toBeCloseTo(2 * 0.25 * 2, 12); // days 1-2 of the first 2 patients
    expect(un.cumulative[4]).toBeCloseTo(2 * 0.25 * 4 + 4 * 0.25 * 2, 12);
    expect(last(un.cumulative)).toBeCloseTo(6, 12);
  });

  it('the last patient last visit is the follow-up on day 9', () => {
    expect(lastVisitDay(occ)).toBe(9);
  });
});

describe('visitOccurrences, properties', () => {
  it('zero drop-out gives one treatment visit per enrolled patient at any study day and interval', () => {
    const enrolled = { 3: 1.5, 40: 7, 41: 0.25 };
    const curves = curvesOf({ activeSites: { 0: 2 }, screened: {}, enrolled }, 60);
    for (const intervalType of ['Hour', 'Day', 'Week', 'Month', 'Year'] as const) {
      for (const day of [0, 1, 3, 17]) {
        const [o] = visitOccurrences([visit(1, 'Treatment', day)], curves, {
          intervalType,
          treatmentDays: 90,
          followUpDays: 0,
          screenFailRate: 0.3,
          dropOutRate: 0,
        });
        expect(last(o!.cumulative)).toBeCloseTo(8.75, 9);
      }
    }
  });
});

describe('site fees', () => {
  // Day 0 = 1 Jan 2024. Site 1 activates on day 10 (Jan), site 2 on day 40 (10 Feb); last visit day 100 (10 Apr).
  const grid = monthGrid(Date.UTC(2024, 0, 1, 12), 130);
  const days = siteActivationDays(cumulative({ 10: 1, 40: 1 }, 121));
  const counts = siteFeeCounts(grid, days, 100);
  const row = (c: Float64Array) => Array.from(c.slice(0, 5));

  it("finds each site's activation day on the cumulative curve", () => {
    expect(days).toEqual([10, 40]);
    expect(grid.labels.slice(0, 5)).toEqual(['Jan 2024', 'Feb 2024', 'Mar 2024', 'Apr 2024', 'May 2024']);
  });

  it('charges per average site: activation, close, recurring from activation while active, adhoc spread', () => {
    expect(row(counts['1x at Activation'])).toEqual([0.5, 0.5, 0, 0, 0]);
    expect(row(counts['1x at Close'])).toEqual([0, 0, 0, 1, 0]);
    expect(row(counts['Recurring Monthly'])).toEqual([0.5, 1, 1, 1, 0]);
    expect(row(counts['Recurring Quarterly'])).toEqual([0.5, 0.5, 0, 0.5, 0]);
    expect(row(counts['Recurring Yearly'])).toEqual([0.5, 0.5, 0, 0, 0]);
    const adhoc = row(counts.Adhoc);
    expect(adhoc[0]).toBeCloseTo(0.125, 12); // site 1: 1/4 of a charge over Jan-Apr, half of it per average site
    expect(adhoc[1]).toBeCloseTo(0.125 + 1 / 6, 12);
    expect(adhoc.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
  });
});
