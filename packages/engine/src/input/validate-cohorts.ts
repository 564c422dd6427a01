import { MSG } from './messages';
import { checkNumber, type NumericInput } from './numeric-rules';

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

/** The numeric fields: whole days or patients, 0 allowed (spec/1 section 5), all required for a complete row. */
export const COHORT_NUMBER_FIELDS = [
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
 * table runs it as the user types, the server before saving and before a run, the engine on its input (step 2). One message per cell, the first rule
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
      fail(index, 'cohortName', MSG.empty);
    } else if (firstIndexOfName.has(name)) {
      fail(index, 'cohortName', MSG.cohortNameDuplicate);
    } else {
      firstIndexOfName.set(name, index);
    }
    for (const field of COHORT_NUMBER_FIELDS) {
      const result = checkNumber(row[field], { integer: true, min: 0, required: true });
      if (result.message === MSG.empty) incomplete = true;
      if (result.message) fail(index, field, result.message);
    }
    checkPredecessor(row, index, strict, fail);
  });

  rows.forEach((row, index) => {
    const predecessor = nameKey(row.predecessorCohortName);
    if (index === 0 || predecessor === '' || predecessor === nameKey(row.cohortName)) return;
    if (!firstIndexOfName.has(predecessor))
      fail(index, 'predecessorCohortName', MSG.cohortPredecessorUnknown);
    else if (inCycle(rows, index, firstIndexOfName)) fail(index, 'predecessorCohortName', MSG.cohortCycle);
  });

  if (strict && rows.length === 0) tableMessage = MSG.cohortsRequired;
  const errors = cells.flatMap((cell, index) =>
    COHORT_FIELDS.flatMap((field) => {
      const message = cell[field];
      return message === undefined ? [] : [{ field: `rows.${index}.${field}`, message }];
    }),
  );
  const form = errors.length > 0 || tableMessage !== null ? MSG.cohortsInvalid : null;
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
    if (predecessor !== '') fail(0, 'predecessorCohortName', MSG.firstCohortPredecessor);
    else if (activity !== '') fail(0, 'predecessorActivity', MSG.firstCohortPredecessor);
    return;
  }
  // A later row without a predecessor would be a second first cohort; on steps 2 and 3 it is simply unfilled.
  if (predecessor === '') fail(index, 'predecessorCohortName', strict ? MSG.empty : MSG.cohortOneFirst);
  else if (nameKey(predecessor) === nameKey(row.cohortName))
    fail(index, 'predecessorCohortName', MSG.cohortPredecessorSelf);
  if (strict && activity === '') fail(index, 'predecessorActivity', MSG.empty);
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

/** A cohort row with the fields normalizeCohortRows rewrites. */
interface NamedCohortRow {
  cohortName: string;
  predecessorCohortName?: string | null;
  predecessorActivity?: string | null;
}

/**
 * Rows as they are stored and simulated: names trimmed, and each predecessor spelled exactly as the cohort it names
 * (validateCohorts compares names trimmed and case-insensitively; the chain then matches them as they are). A row
 * without a predecessor has no predecessor activity.
 */
export function normalizeCohortRows<T extends NamedCohortRow>(rows: readonly T[]): T[] {
  const canonical = new Map<string, string>();
  for (const r of rows) {
    const name = r.cohortName.trim();
    if (!canonical.has(nameKey(name))) canonical.set(nameKey(name), name);
  }
  return rows.map((r) => {
    const predecessor = text(r.predecessorCohortName);
    return {
      ...r,
      cohortName: r.cohortName.trim(),
      predecessorCohortName: predecessor === '' ? null : (canonical.get(nameKey(predecessor)) ?? predecessor),
      predecessorActivity: predecessor === '' ? null : r.predecessorActivity,
    } as T;
  });
}
