import type { SequentialCohortResponse, SequentialCohortRow } from '@predict/shared';

export function cohortRow(overrides: Partial<SequentialCohortRow> = {}): SequentialCohortRow {
  return {
    studyPlanCohortId: 1,
    studyPlanId: 42,
    cohortName: 'Cohort 1',
    predecessorCohortName: null,
    predecessorActivity: null,
    patients: 6,
    lagDays: 0,
    cohortStartDate: '2026-05-01',
    cohortStartDay: 0,
    screeningDurationDays: 28,
    screeningEndDate: '2026-05-29',
    screeningEndDay: 28,
    enrollingDurationDays: 45,
    enrollingEndDate: '2026-07-13',
    enrollingEndDay: 73,
    dtlDurationDays: 21,
    dtlEndDate: '2026-08-03',
    dtlEndDay: 94,
    srcDurationDays: 7,
    srcEndDate: '2026-08-10',
    srcEndDay: 101,
    ...overrides,
  };
}

/** Two cohorts: Cohort 2 starts 14 days after Cohort 1's DTL phase ends. */
export const COHORTS: SequentialCohortResponse = {
  studyPlanId: 42,
  phaseNames: { dtl: 'DTL', src: 'SRC' },
  rowVersion: 3,
  rows: [
    cohortRow(),
    cohortRow({
      studyPlanCohortId: 2,
      cohortName: 'Cohort 2',
      predecessorCohortName: 'Cohort 1',
      predecessorActivity: 'DTL',
      patients: 12,
      lagDays: 14,
      cohortStartDate: '2026-08-17',
      screeningEndDate: '2026-09-14',
      enrollingDurationDays: 60,
      enrollingEndDate: '2026-11-13',
      dtlEndDate: '2026-12-04',
      srcEndDate: '2026-12-11',
    }),
  ],
};
