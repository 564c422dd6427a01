import { COHORT_PREDECESSOR_ACTIVITIES, cohortPredecessorChoices } from '@predict/shared';
import { activityLabel, type CohortFormRow, type PhaseNames } from './cohort-form';

/** A choice of a select cell: its value and the text shown for it. */
export type CohortOption = [value: string, text: string];

/** What a read-only or computed cell shows without a value. */
export const orDash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? '—' : v;

/**
 * The cohorts a row may follow. The first cohort has no predecessor; a later one may follow any cohort that does
 * not, through its own predecessors, follow this row: choosing that one would close a cycle (spec/1 sections 4 and
 * 5). A value the row still holds that is no longer a choice (its row above was removed, a saved cycle) stays
 * listed so that its error can be read.
 */
export function predecessorOptions(rows: CohortFormRow[], row: CohortFormRow, index: number): CohortOption[] {
  const choices = cohortPredecessorChoices(rows, index);
  const current = row.predecessorCohortName;
  return [...(current && !choices.includes(current) ? [current] : []), ...choices].map(
    (name): CohortOption => [name, name],
  );
}

/** The predecessor activities of a row: none for the first cohort (bar the one it still holds). */
export function activityOptions(row: CohortFormRow, index: number, names: PhaseNames): CohortOption[] {
  if (index === 0) return row.predecessorActivity ? [[row.predecessorActivity, row.predecessorActivity]] : [];
  return COHORT_PREDECESSOR_ACTIVITIES.map((a): CohortOption => [a, activityLabel(a, names)]);
}
