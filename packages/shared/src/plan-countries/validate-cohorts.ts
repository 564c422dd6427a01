import { MSG } from '@predict/engine';
import { checkNumber, type NumericInput } from '../plan/numeric-rules';
import { REQUIRED_MESSAGE } from '../schemas/common';
import { COHORTS_INVALID_MESSAGE } from './messages';

/** The cohort row fields a rule can point at. */
export const COHORT_FIELDS = [
  'cohortName',
  'predecessorCohortName',
  'predecessorActivity',
  'patients',
  'lagDays',
  'screeningDurationDays',
  'dtlDurationDays',
  'srcDurationDays',
] as const;
export type CohortField = (typeof COHORT_FIELDS)[number];

/** A cohort row as the form, the API body or the saved plan holds it (numbers may still be text in the form). */
export interface CohortRowValues {
  cohortName?: string | null;
  predecessorCohortName?: string | null;
  predecessorActivity?: string | null;
  patients?: NumericInput;
  lagDays?: NumericInput;
  screeningDurationDays?: NumericInput;
  dtlDurationDays?: NumericInput;
  srcDurationDays?: NumericInput;
}

export interface CohortValidationOptions {
  /**
   * The plan step the rows are checked for. On the countries (2) and review (3) steps every field of every row must
   * be filled except the first row's predecessor; otherwise (1: while the table is being filled in) only the fields
   * that make a row incomplete are required.
   */
  step: 1 | 2 | 3;
}

export interface CohortValidation {
  /** Per row (same indexes as the argument), the message under each cell. */
  rows: Array<Partial<Record<CohortField, string>>>;
  /** The same messages as a list with their paths (rows.{index}.{field}), for a 400 answer. */
  errors: { field: string; message: string }[];
  /** A row lacks one of the fields without which nothing can be computed (blocks the next steps). */
  incomplete: boolean;
  /** 'Sequential cohorts setup is not valid' when anything failed (or a table-wide message), else null. */
  form: string | null;
}

/** Ours: spec/1 section 5 says the first cohort has no predecessor without naming a message. */
export const FIRST_COHORT_PREDECESSOR_MESSAGE = 'The first cohort has no predecessor.';
/** The engine's wording for these rules (it checks them again before simulating). */
export const COHORT_NAME_UNIQUE_MESSAGE = MSG.cohortNameDuplicate;
export const COHORT_ONE_FIRST_MESSAGE = MSG.cohortOneFirst;
export const COHORT_PREDECESSOR_SELF_MESSAGE = MSG.cohortPredecessorSelf;
export const COHORT_PREDECESSOR_UNKNOWN_MESSAGE = MSG.cohortPredecessorUnknown;
export const COHORT_CYCLE_MESSAGE = MSG.cohortCycle;
export const COHORTS_REQUIRED_MESSAGE = MSG.cohortsRequired;

/** The numeric fields: whole days or patients, 0 allowed (spec/1 section 5), all required for a complete row. */
const NUMERIC_FIELDS = [
  'patients',
  'lagDays',
  'screeningDurationDays',
  'dtlDurationDays',
  'srcDurationDays',
] as const;

const text = (v: string | null | undefined) => (v ?? '').trim();
const nameKey = (v: string | null | undefined) => text(v).toLowerCase();

/**
 * Every rule of spec/1 section 5 "Sequential cohort": names filled and unique (trimmed, case-insensitively), the
 * numbers whole and not negative, only the first row without a predecessor, a predecessor that is another existing
 * cohort, no cycles, and on the countries and review steps a predecessor activity on every later row. Pure: the web
 * table runs it as the user types, the server before saving and before a run. One message per cell, the first rule
 * that applies.
 */
export function validateCohorts(
  rows: readonly CohortRowValues[],
  options: CohortValidationOptions,
): CohortValidation {
  const strict = options.step !== 1;
  const cells: Array<Partial<Record<CohortField, string>>> = rows.map(() => ({}));
  let incomplete = false;
  let tableMessage: string | null = null;
  const fail = (index: number, field: CohortField, message: string) => {
    const cell = cells[index];
    if (cell && cell[field] === undefined) cell[field] = message;
  };

  const firstIndexOfName = new Map<string, number>();
  rows.forEach((row, index) => {
    const name = nameKey(row.cohortName);
    if (name === '') {
      incomplete = true;
      fail(index, 'cohortName', REQUIRED_MESSAGE);
    } else if (firstIndexOfName.has(name)) {
      fail(index, 'cohortName', COHORT_NAME_UNIQUE_MESSAGE);
    } else {
      firstIndexOfName.set(name, index);
    }
    for (const field of NUMERIC_FIELDS) {
      const result = checkNumber(row[field], { integer: true, min: 0, required: true });
      if (result.message === REQUIRED_MESSAGE) incomplete = true;
      if (result.message) fail(index, field, result.message);
    }
    checkPredecessor(row, index, strict, fail);
  });

  rows.forEach((row, index) => {
    const predecessor = nameKey(row.predecessorCohortName);
    if (index === 0 || predecessor === '' || predecessor === nameKey(row.cohortName)) return;
    if (!firstIndexOfName.has(predecessor))
      fail(index, 'predecessorCohortName', COHORT_PREDECESSOR_UNKNOWN_MESSAGE);
    else if (inCycle(rows, index, firstIndexOfName))
      fail(index, 'predecessorCohortName', COHORT_CYCLE_MESSAGE);
  });

  if (strict && rows.length === 0) tableMessage = COHORTS_REQUIRED_MESSAGE;
  const errors = cells.flatMap((cell, index) =>
    COHORT_FIELDS.flatMap((field) => {
      const message = cell[field];
      return message === undefined ? [] : [{ field: `rows.${index}.${field}`, message }];
    }),
  );
  const form = errors.length > 0 || tableMessage !== null ? COHORTS_INVALID_MESSAGE : null;
  if (tableMessage !== null) errors.push({ field: 'rows', message: tableMessage });
  return { rows: cells, errors, incomplete, form };
}

/** The predecessor rules a row can break on its own (the others need the whole table). */
function checkPredecessor(
  row: CohortRowValues,
  index: number,
  strict: boolean,
  fail: (index: number, field: CohortField, message: string) => void,
): void {
  const predecessor = text(row.predecessorCohortName);
  const activity = text(row.predecessorActivity);
  if (index === 0) {
    if (predecessor !== '') fail(0, 'predecessorCohortName', FIRST_COHORT_PREDECESSOR_MESSAGE);
    else if (activity !== '') fail(0, 'predecessorActivity', FIRST_COHORT_PREDECESSOR_MESSAGE);
    return;
  }
  // A later row without a predecessor would be a second first cohort; on steps 2 and 3 it is simply unfilled.
  if (predecessor === '')
    fail(index, 'predecessorCohortName', strict ? REQUIRED_MESSAGE : COHORT_ONE_FIRST_MESSAGE);
  else if (nameKey(predecessor) === nameKey(row.cohortName))
    fail(index, 'predecessorCohortName', COHORT_PREDECESSOR_SELF_MESSAGE);
  if (strict && activity === '') fail(index, 'predecessorActivity', REQUIRED_MESSAGE);
}

/** True when following predecessors from the row comes back to it. */
function inCycle(rows: readonly CohortRowValues[], start: number, indexOfName: Map<string, number>): boolean {
  const visited = new Set<number>();
  let current: number | undefined = start;
  while (current !== undefined && !visited.has(current)) {
    visited.add(current);
    const predecessor = nameKey(rows[current]?.predecessorCohortName);
    current = predecessor === '' ? undefined : indexOfName.get(predecessor);
    if (current === start) return true;
  }
  return false;
}
