import type { CohortSummaryRow } from '@predict/shared';
import { describe, expect, it } from 'vitest';
import { displayCell } from './result-columns';
import { cohortForecastColumns, cohortForecastRows } from './cohort-forecast-rows';

const q = (P10: string, P50: string, P90: string, probabilityReached = 1) => ({
  P10,
  P50,
  P90,
  probabilityReached,
});

const row = {
  cohortName: 'Cohort 1',
  'Cohort Start': '01/Mar/2026',
  'Screening End': '29/Mar/2026',
  'Enrolling End': '30/Jun/2026',
  'Dose Escalation End': '21/Jul/2026',
  'Review End': '28/Jul/2026',
  days: { start: 0, screeningEnd: 28, enrollingEnd: 121, dtlEnd: 142, srcEnd: 149 },
  'Number of Patients Screened': 10,
  'Number of Patients Enrolled': 6,
  'Number of Patients Completing Treatment': 5,
  'Enrollment Duration': 4,
  'Cohort Duration': 4.9,
  forecast: {
    start: q('01/Mar/2026', '01/Mar/2026', '01/Mar/2026'),
    screeningEnd: q('29/Mar/2026', '29/Mar/2026', '29/Mar/2026'),
    enrollingEnd: q('01/Jun/2026', '28/Jun/2026', '05/Aug/2026'),
    dtlEnd: q('22/Jun/2026', '19/Jul/2026', '26/Aug/2026'),
    srcEnd: q('29/Jun/2026', '26/Jul/2026', '02/Sep/2026', 0.95),
  },
} as unknown as CohortSummaryRow;
const overall = { ...row, cohortName: 'Overall', forecast: undefined } as unknown as CohortSummaryRow;

describe('cohortForecastRows', () => {
  it("gives five dates per cohort with a forecast, the extra phases under the plan's names", () => {
    const rows = cohortForecastRows([row, overall]);
    expect(rows.map((r) => r.date)).toEqual([
      'Cohort Start',
      'Screening End',
      'Enrolling End',
      'Dose Escalation End',
      'Review End',
    ]);
    const enrolling = rows[2]!;
    const shown = cohortForecastColumns.map((c) => displayCell(c.kind, c.value(enrolling)));
    expect(shown).toEqual([
      'Cohort 1',
      'Enrolling End',
      '30/Jun/2026',
      '01/Jun/2026',
      '28/Jun/2026',
      '05/Aug/2026',
      '100%',
    ]);
    expect(displayCell('text', cohortForecastColumns[6]!.value(rows[4]!))).toBe('95%');
  });

  it('gives none when the run had no forecast', () => {
    expect(cohortForecastRows([overall])).toEqual([]);
  });
});
