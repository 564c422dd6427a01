import type { CohortSummaryRow } from '@predict/shared';
import { parseDateMillis } from '@/lib/format';
import type { ResultColumn } from './result-columns';

/** One date of one cohort: its plan-line date and the Monte Carlo's P10/P50/P90 (ms; null = not reached). */
export interface CohortForecastRow {
  cohortName: string;
  /** 'Cohort Start', 'Screening End', 'Enrolling End' or '<phase name> End'. */
  date: string;
  plan: number | null;
  P10: number | null;
  P50: number | null;
  P90: number | null;
  probabilityReached: number;
}

const POINTS = ['start', 'screeningEnd', 'enrollingEnd', 'dtlEnd', 'srcEnd'] as const;

/**
 * The cohort summary's Monte Carlo dates as rows, five per cohort (start and the four phase ends, the extra phases
 * under the plan's names); none when the run had no forecast.
 */
export function cohortForecastRows(rows: readonly CohortSummaryRow[]): CohortForecastRow[] {
  return rows.flatMap((row) => {
    const f = row.forecast;
    if (!f) return [];
    // The summary's keys in order: Cohort Start, Screening End, Enrolling End, then the two renamed phase ends.
    const extra = Object.keys(row).filter(
      (k) => k.endsWith(' End') && k !== 'Screening End' && k !== 'Enrolling End',
    );
    const labels = ['Cohort Start', 'Screening End', 'Enrolling End', ...extra];
    return POINTS.map((point, i) => {
      const label = labels[i] ?? point;
      const q = f[point];
      return {
        cohortName: row.cohortName,
        date: label,
        plan: parseDateMillis((row as unknown as Record<string, string | null>)[label] ?? null),
        P10: parseDateMillis(q.P10),
        P50: parseDateMillis(q.P50),
        P90: parseDateMillis(q.P90),
        probabilityReached: q.probabilityReached,
      };
    });
  });
}

/** Columns of the cohort dates table (dates DD/MMM/YYYY; the probability as a percentage). */
export const cohortForecastColumns: ResultColumn<CohortForecastRow>[] = [
  { header: 'Cohort', kind: 'text', value: (r) => r.cohortName },
  { header: 'Date', kind: 'text', value: (r) => r.date },
  { header: 'Plan', kind: 'date', value: (r) => r.plan },
  { header: 'P10', kind: 'date', value: (r) => r.P10 },
  { header: 'P50', kind: 'date', value: (r) => r.P50 },
  { header: 'P90', kind: 'date', value: (r) => r.P90 },
  { header: 'Probability Reached', kind: 'text', value: (r) => `${Math.round(r.probabilityReached * 100)}%` },
];
