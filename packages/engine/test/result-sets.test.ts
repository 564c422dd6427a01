import { readFileSync } from 'node:fs';
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
} from '../src';
import { simulateInput } from '../scripts/simulate-run';
import { runReplications, SERIES_KEYS } from '../src/forecast';
import { remodelForecastChunk } from '../src/results/remodel-forecast';
import { remodelPlan } from '../src/scenarios/remodel';
import type { EnrollmentRow, ResultSets } from '../src/results/types';
import { DAY0 } from './fixtures';

function load(name: string) {
  const r = parseSimulationInput(
    JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8')),
  );
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
  it('w1: golden result sets', () => {
    expect(load('w1').sets).toMatchSnapshot();
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
    const raw = JSON.parse(readFileSync(new URL('../examples/w1.json', import.meta.url), 'utf8'));
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

const example = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8'));

/** Rows with forecast columns have P10 <= P50 <= P90 (dates in ms); bands are ordered too. */
function expectOrderedForecast(sets: ResultSets): EnrollmentRow[] {
  const rows = sets.enrollmentTable.filter((r) => r.P50 !== null);
  for (const r of rows) {
    expect(r.P10!).toBeLessThanOrEqual(r.P50!);
    expect(r.P50!).toBeLessThanOrEqual(r.P90!);
  }
  const band = sets.siteGroupChartMonthly.forecastBand!;
  band.p50.forEach((v, k) => {
    expect(band.p10[k]!).toBeLessThanOrEqual(v);
    expect(v).toBeLessThanOrEqual(band.p90[k]!);
  });
  return rows;
}

describe('forecast columns of combination and remodel tables', () => {
  it('combination: P10 <= P50 <= P90 on the enrollment milestones and the band', () => {
    const r = simulateInput(example('combination'), { replications: 200, seed: 5 });
    if (!r.ok) throw new Error('invalid example');
    const rows = expectOrderedForecast(r.output.resultSets as ResultSets);
    expect(rows.map((x) => x.SortName)).toContain('Last Patient In');
  });

  it('remodel: milestones reached by the as-of date from the actuals, bands include the actual totals', () => {
    const r = simulateInput(example('remodel'), { replications: 200, seed: 5 });
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
