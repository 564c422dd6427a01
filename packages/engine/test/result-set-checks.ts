/** Checks of result sets that hold whatever the plan: the tests' shared expectations. */
import { expect } from 'vitest';
import type { ResultSets } from '../src/results/result-sets';
import type { DetailsTable, EnrollmentRow } from '../src/results/types';

/** Rows with forecast columns have P10 <= P50 <= P90 (dates in ms); bands are ordered too. */
export function expectOrderedForecast(sets: ResultSets): EnrollmentRow[] {
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

export const PATIENT_BLOCKS = ['screened', 'enrolled', 'completed'] as const;
const BLOCKS = ['active_sites', ...PATIENT_BLOCKS] as const;
export const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** A cumulative details table and its non-cumulative twin agree, row by row and with their totals. */
export function expectConsistentDetails(cum: DetailsTable, non: DetailsTable, label: string) {
  expect(non.header_dates_ms, label).toEqual(cum.header_dates_ms);
  for (const block of BLOCKS)
    for (const t of [cum, non])
      t.table_body[block].header_totals.forEach((total, k) =>
        expect(total, `${label} ${block} total ${k}`).toBe(
          sum(t.table_body[block].sub_table_body.map((r) => r.data[k]!)),
        ),
      );
  for (const block of PATIENT_BLOCKS) {
    cum.table_body[block].sub_table_body.forEach((row, i) => {
      const monthly = non.table_body[block].sub_table_body[i]!.data;
      row.data.forEach((v, k) => {
        // Cumulative counts never fall; each period adds its non-cumulative count.
        expect(v - (k > 0 ? row.data[k - 1]! : 0), `${label} ${block} ${row.country_name} ${k}`).toBe(
          monthly[k],
        );
      });
      expect(Math.min(...monthly), `${label} ${block}`).toBeGreaterThanOrEqual(0);
    });
  }
}
