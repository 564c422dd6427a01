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
