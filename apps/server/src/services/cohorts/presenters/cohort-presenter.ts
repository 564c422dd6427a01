import type { SequentialCohortRow } from '@predict/shared';
import type { CohortRecord } from '../../../repositories/cohorts-repository';

/** A stored cohort row as the API answers it (its position is the order of the list). */
export function presentCohort({ position: _p, ...row }: CohortRecord): SequentialCohortRow {
  return {
    ...row,
    predecessorActivity: row.predecessorActivity as SequentialCohortRow['predecessorActivity'],
  };
}
