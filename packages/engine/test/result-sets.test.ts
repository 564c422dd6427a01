import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildResultSets,
  computePlanLine,
  formatDate,
  integerCurves,
  parseSimulationInput,
  preparePlan,
  weeklyPeriods,
  monthlyPeriods,
  simulate,
} from '../src';
import { loadExample, type ExampleName } from '../examples';
import { runReplications, SERIES_KEYS } from '../src/forecast';
import { remodelForecastChunk } from '../src/results/remodel-forecast';
import { remodelPlan } from '../src/scenarios/remodel';
import type { ResultSets } from '../src/results/result-sets';
import { DAY0 } from './fixtures';
import { expectOrderedForecast } from './result-set-checks';

function load(name: ExampleName) {
  const r = parseSimulationInput(loadExample(name));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const prepared = preparePlan(r.input);
  const line = computePlanLine(prepared);
  return { input: r.input, prepared, line, sets: buildResultSets(r.input, prepared, line) };
}

describe('periods and formatting', () => {
  it('formats DD/MMM/YYYY in UTC', () => {
    expect(formatDate(DAY0)).toBe('05/Jan/2026');
    expect(formatDate(Date.UTC(2027, 11, 31, 23, 59))).toBe('31/Dec/2027');
  });

  it('uses calendar months and ISO weeks from Monday', () => {
    // Day 0 = Monday 5 January 2026.
    const m = monthlyPeriods(DAY0, 40);
    expect(m.startMs.map(formatDate)).toEqual(['01/Jan/2026', '01/Feb/2026']);
    expect(m.endDay).toEqual([26, 40]);
    const w = weeklyPeriods(DAY0 + 2 * 86_400_000, 10);
    expect(w.startMs.map(formatDate)).toEqual(['05/Jan/2026', '12/Jan/2026']);
    expect(w.endDay).toEqual([4, 10]);
  });

  it('rounds groups so rows stay non-decreasing and add up to the rounded total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 1, maxLength: 8 }), {
          minLength: 1,
          maxLength: 6,
        }),
        (incs) => {
          const samples = incs.map((row) =>
            row.map(
              (
                (acc) => (v: number) =>
                  (acc += v)
              )(0),
            ),
          );
          const ints = integerCurves(samples);
          const finals = samples.map((s) => s[s.length - 1]!);
          expect(ints.reduce((a, r) => a + r[r.length - 1]!, 0)).toBe(
            Math.round(finals.reduce((a, b) => a + b, 0)),
          );
          ints.forEach((r, i) => {
            r.forEach((v, k) => k > 0 && expect(v).toBeGreaterThanOrEqual(r[k - 1]!));
            expect(Math.abs(r[r.length - 1]! - finals[i]!)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe('buildResultSets', () => {
  it('w1: start-up dates, activations, totals and the dates after LPI, computed by hand from the plan', () => {
    const { sets } = load('w1');
    // Day 0 = project start 05/Jan/2026. Site ID (Medium effort) 55 days -> day 55; protocol final 02/Mar/2026 is
    // day 56, so submission = max(55, 56) + package prep 20 = day 76; approval = 76 + Medium start-up 120 = 196;
    // FSIV = 196 + SIV 21 = 217; first screened = 217 + 21 = 238; FPI = 238 + screening 28 = 266; the last of the
    // ten profile activations is FSIV + 150 = day 367.
    const day = (d: number) => formatDate(Date.UTC(2026, 0, 5, 12) + d * 86_400_000);
    expect(sets.startupTable[0]).toMatchObject({
      'Project Start Date': day(0),
      'Site ID Finish': day(55),
      'Regulatory Submission': day(76),
      'First Regulatory Approval': day(196),
      'First Site Initiated': day(217),
      'Last Site Initiated': day(367),
      'First Screened': day(238),
      'First Enrolled': day(266),
      'Project Start to Site ID Finish': 55,
      'Site ID Finish to Regulatory Submission': 21,
      'Regulatory Submission to First Regulatory Approval': 120,
      'First Regulatory Approval to First Site Initiated': 21,
      'First Site Initiated to First Enrolled': 49,
    });
    expect(day(217)).toBe('10/Aug/2026');
    // Activations on days 217 + [0, 17, 33, 50, 67, 83, 100, 117, 133, 150]; month ends Aug 31 = day 238,
    // Sep 30 = 268, Oct 31 = 299, Nov 30 = 329, Dec 31 = 360, Jan 31 2027 = 391: 2, 4, 5, 7, 9, 10 active sites.
    const sites = sets.detailsMonthlyCumulative.table_body.active_sites.header_totals;
    expect(sites.slice(6, 14)).toEqual([0, 2, 4, 5, 7, 9, 10, 10]);
    // 125 screened at 20% screen failure = 100 enrolled; 10% drop-out = 90 complete treatment; screen rate =
    // enrollment rate 1 / (1 - 0.2) = 1.25 per site-month.
    expect(sets.summaryTable.at(-1)).toMatchObject({
      'Number of Activated Sites': 10,
      'Number of Patients Screened': 125,
      'Number of Patients Enrolled': 100,
      'Number of Patients Completing Treatment': 90,
      'Screen Rate': 1.25,
      'Enrollment Rate': 1,
      'Screen Fail Rate': 0.2,
      'Drop Out Rate': 0.1,
      'Enrollment Start': day(266),
    });
    // Rows at ceil(share x 100) enrolled; at FSIV 1 site, at first screened (238) 2 (234 <= 238 < 250), at FPI (266)
    // 3 (250 <= 266 < 267).
    const row = (name: string) => sets.enrollmentTable.find((r) => r.SortName === name)!;
    expect(row('First Site Initiated')['Sites Initiated']).toBe(1);
    expect(row('First Patient Screened')['Sites Initiated']).toBe(2);
    expect(row('First Patient In')['Sites Initiated']).toBe(3);
    expect(
      ['25% Enrolled', '50% Enrolled', '75% Enrolled', 'Last Patient In'].map((n) => row(n).Enrolled),
    ).toEqual([25, 50, 75, 100]);
    // After LPI: last treatment = LPI + 168, LPLV = + follow-up 84; TMF close = LPLV + 45 + 90 + 60.
    const lpi = row('Last Patient In').dateMillis!;
    expect(row('Last Patient Completes Treatment').dateMillis).toBe(lpi + 168 * 86_400_000);
    expect(row('Last Patient Last Visit').dateMillis).toBe(lpi + 252 * 86_400_000);
    const total = sets.timelineTable.at(-1)!;
    expect(total.endMillis).toBe(lpi + (252 + 195) * 86_400_000);
    expect(total.startMillis).toBe(Date.UTC(2026, 0, 5, 12));
    expect(sets.timelineTable.map((r) => r.days).slice(0, 2)).toEqual([217, 150]);
    expect(sets.timelineTable.map((r) => r.days).slice(3, 7)).toEqual([252, 45, 90, 60]);
  });

  it('w2: non-cumulative rows sum to cumulative, totals are the row sums, and the overall row hits the targets', () => {
    const { sets, prepared } = load('w2');
    for (const [cum, non] of [
      [sets.detailsMonthlyCumulative, sets.detailsMonthlyNonCumulative],
      [sets.detailsWeeklyCumulative, sets.detailsWeeklyNonCumulative],
    ] as const) {
      for (const block of ['active_sites', 'screened', 'enrolled', 'completed'] as const) {
        const c = cum.table_body[block];
        const nc = non.table_body[block];
        c.sub_table_body.forEach((row, i) => {
          const sum = nc.sub_table_body[i]!.data.reduce((a, b) => a + b, 0);
          expect(sum).toBe(row.data[row.data.length - 1]);
          expect(row.data.every((v, k) => k === 0 || v >= row.data[k - 1]!)).toBe(true);
        });
        c.header_totals.forEach((t, k) =>
          expect(t).toBe(c.sub_table_body.reduce((a, r) => a + r.data[k]!, 0)),
        );
      }
    }
    const overall = sets.summaryTable.find((r) => r.siteGroupName === 'Overall')!;
    expect(overall['Number of Patients Enrolled']).toBe(prepared.targetEnrolled);
    expect(overall['Number of Patients Screened']).toBe(prepared.targetScreened);
    expect(overall['Number of Activated Sites']).toBe(400);
    expect(overall['Screen Fail Rate']).toBe(0.2);
    expect(overall['Drop Out Rate']).toBe(0.1);
    expect(sets.summaryTable).toHaveLength(41);
    expect(sets.regionChartMonthly.series.map((s) => s.name)).toContain('Western Europe');
  });

  it('reports "##" and null dates when nothing enrolls', () => {
    const raw = loadExample('w1') as { plan: { enrollmentRate: number } };
    raw.plan.enrollmentRate = 0;
    const r = parseSimulationInput(raw);
    if (!r.ok) throw new Error('invalid');
    const prepared = preparePlan(r.input);
    const line = computePlanLine(prepared);
    const sets = buildResultSets(r.input, prepared, line);
    const overall = sets.summaryTable.at(-1)!;
    expect(overall).toMatchObject({
      'Enrollment Duration': '##',
      'Screen Fail Rate': '##',
      'Drop Out Rate': '##',
      'Enrollment Start': null,
    });
    expect(sets.enrollmentTable.find((e) => e.SortName === 'Last Patient In')!.Date).toBeNull();
    expect(prepared.horizonDays).toBe(5479);
  });
});

const example = (name: ExampleName): unknown => loadExample(name);

describe('forecast columns of combination and remodel tables', () => {
  it('combination: P10 <= P50 <= P90 on the enrollment milestones and the band', () => {
    const r = simulate(example('combination'), { replications: 200, seed: 5 });
    if (!r.ok) throw new Error('invalid example');
    const rows = expectOrderedForecast(r.output.resultSets as ResultSets);
    expect(rows.map((x) => x.SortName)).toContain('Last Patient In');
  });

  it('remodel: milestones reached by the as-of date from the actuals, bands include the actual totals', () => {
    const r = simulate(example('remodel'), { replications: 200, seed: 5 });
    if (!r.ok) throw new Error('invalid example');
    const sets = r.output.resultSets as ResultSets;
    const rows = expectOrderedForecast(sets);
    expect(rows.map((x) => x.SortName)).toEqual(
      expect.arrayContaining([
        'First Patient In',
        '50% Enrolled',
        'Last Patient In',
        'Last Patient Last Visit',
      ]),
    );
    const asOf = r.output.asOfDay as number;
    // Reached before the as-of date (FPS, FPI, 25% in the example): the actual date in every replication.
    const before = rows.filter(
      (row) =>
        row.SortName !== 'First Site Initiated' &&
        row.dateMillis !== null &&
        row.dateMillis <= DAY0 + asOf * 864e5,
    );
    expect(before.length).toBeGreaterThanOrEqual(3);
    for (const row of before)
      expect([row.P10, row.P90, row.probabilityReached]).toEqual([row.dateMillis, row.dateMillis, 1]);
    // Months that end by the as-of date show the actual cumulative count at every level.
    const chart = sets.siteGroupChartMonthly;
    chart.header_dates_ms.forEach((ms, k) => {
      const next = chart.header_dates_ms[k + 1];
      if (next === undefined || (next - DAY0) / 864e5 - 1 > asOf) return;
      const band = chart.forecastBand!;
      expect([band.p10[k], band.p90[k]]).toEqual([
        chart.total.cumulativeEnrolled[k],
        chart.total.cumulativeEnrolled[k],
      ]);
    });
  });

  it('remodel chunk: every replication counts the actual enrolled and ends on the plan target', () => {
    const parsed = parseSimulationInput(example('remodel'));
    if (!parsed.ok) throw new Error('invalid example');
    const rm = remodelPlan({ input: parsed.input });
    const chunk = runReplications(rm.projection!, { seed: 9, from: 0, to: 50 });
    const whole = remodelForecastChunk(rm, chunk);
    const enrolledSoFar = Math.round(rm.groups.reduce((s, g) => s + g.enrolled, 0));
    const S = SERIES_KEYS.length;
    const G = whole.grid.length;
    const e = SERIES_KEYS.indexOf('enrolled');
    for (let r = 0; r < 50; r++) {
      const at = (j: number) => whole.counts[(r * S + e) * G + j]!;
      const j = whole.grid.findIndex((d) => d > rm.asOfDay);
      expect(at(j)).toBeGreaterThanOrEqual(enrolledSoFar);
      expect(at(G - 1)).toBe(rm.baseline.targetEnrolled);
    }
    expect(whole.targetEnrolled).toBe(rm.baseline.targetEnrolled);
  });
});
