import type { COHORT_PREDECESSOR_ACTIVITIES } from '@predict/shared';
import {
  COHORT_FIELDS,
  COHORT_NUMBER_FIELDS,
  COHORT_TYPE_SEQUENTIAL,
  parseNumeric,
  type SequentialCohortInputRow,
  type SequentialCohortRow,
  type StudyPlan,
} from '@predict/shared';

export type CohortActivity = (typeof COHORT_PREDECESSOR_ACTIVITIES)[number];

/** The numeric inputs of a row (whole numbers, 0 allowed): the rule's own list. */
export { COHORT_NUMBER_FIELDS };
export type CohortNumberField = (typeof COHORT_NUMBER_FIELDS)[number];

/** One editable row as the table holds it: text as typed; key identifies the row across edits. */
export interface CohortFormRow {
  key: string;
  studyPlanCohortId: number | null;
  cohortName: string;
  predecessorCohortName: string;
  predecessorActivity: CohortActivity | '';
  patients: string;
  lagDays: string;
  screeningDurationDays: string;
  dtlDurationDays: string;
  srcDurationDays: string;
}
export type CohortFormField = Exclude<keyof CohortFormRow, 'key' | 'studyPlanCohortId'>;
/** The editable cells of a row, in column order. */
export const COHORT_FORM_FIELDS: readonly CohortFormField[] = COHORT_FIELDS;

export interface PhaseNames {
  dtl: string;
  src: string;
}

/** Sequential cohort plans: Cohort (D) with cohortType 2 (spec/1 section 3). */
export const isSequentialPlan = (plan: Pick<StudyPlan, 'studyPlanTypeDetail' | 'cohortType'>) =>
  plan.studyPlanTypeDetail === 'Cohort (D)' && plan.cohortType === COHORT_TYPE_SEQUENTIAL;

let nextKey = 0;
const newKey = () => `cohort-${++nextKey}`;
const text = (value: number | null) => (value === null ? '' : String(value));

export function formRowOf(row: SequentialCohortRow): CohortFormRow {
  return {
    key: newKey(),
    studyPlanCohortId: row.studyPlanCohortId,
    cohortName: row.cohortName,
    predecessorCohortName: row.predecessorCohortName ?? '',
    predecessorActivity: row.predecessorActivity ?? '',
    patients: text(row.patients),
    lagDays: text(row.lagDays),
    screeningDurationDays: text(row.screeningDurationDays),
    dtlDurationDays: text(row.dtlDurationDays),
    srcDurationDays: text(row.srcDurationDays),
  };
}

/** A new row; a later row follows the one before it by default. */
export function emptyFormRow(previous?: CohortFormRow): CohortFormRow {
  return {
    key: newKey(),
    studyPlanCohortId: null,
    cohortName: '',
    predecessorCohortName: previous?.cohortName.trim() ?? '',
    predecessorActivity: '',
    patients: '',
    lagDays: '',
    screeningDurationDays: '',
    dtlDurationDays: '',
    srcDurationDays: '',
  };
}

const numberOrNull = (input: string) => {
  const parsed = parseNumeric(input);
  return parsed.kind === 'number' ? parsed.value : null;
};

/** The row as the cohort calls take it (empty text is null). */
export function inputRowOf(row: CohortFormRow): SequentialCohortInputRow {
  return {
    studyPlanCohortId: row.studyPlanCohortId,
    cohortName: row.cohortName.trim(),
    predecessorCohortName: row.predecessorCohortName.trim() || null,
    predecessorActivity: row.predecessorActivity || null,
    patients: numberOrNull(row.patients),
    lagDays: numberOrNull(row.lagDays),
    screeningDurationDays: numberOrNull(row.screeningDurationDays),
    dtlDurationDays: numberOrNull(row.dtlDurationDays),
    srcDurationDays: numberOrNull(row.srcDurationDays),
  };
}

/** What the rows and names mean, for telling whether anything changed (keys aside). */
export const cohortSignature = (rows: CohortFormRow[], names: PhaseNames) =>
  JSON.stringify({ rows: rows.map(inputRowOf), names: { dtl: names.dtl.trim(), src: names.src.trim() } });

/** Numeric cells take digits only: negative numbers and decimals are refused as they are typed. */
export const acceptWholeNumber = (raw: string, previous: string) =>
  /^\d*$/.test(raw) ? raw.replace(/^0+(?=\d)/, '') : previous;

/** The predecessor activity shown with the plan's own names of the two extra phases. */
export function activityLabel(activity: CohortActivity, names: PhaseNames): string {
  if (activity === 'DTL') return names.dtl || 'DTL';
  if (activity === 'SRC') return names.src || 'SRC';
  return activity;
}
