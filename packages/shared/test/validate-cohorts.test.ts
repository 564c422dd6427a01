import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cohortPredecessorChoices,
  COHORTS_INVALID_MESSAGE,
  validateCohorts,
  type CohortRowValues,
} from '../src';

const row = (overrides: CohortRowValues = {}): CohortRowValues => ({
  cohortName: 'A',
  predecessorCohortName: null,
  predecessorActivity: null,
  patients: 10,
  lagDays: 0,
  screeningDurationDays: 14,
  dtlDurationDays: 7,
  srcDurationDays: 7,
  ...overrides,
});

describe('validateCohorts', () => {
  it('passes a valid chain on every step', () => {
    const rows = [
      row(),
      row({ cohortName: 'B', predecessorCohortName: 'A', predecessorActivity: 'SRC' }),
      row({ cohortName: 'C', predecessorCohortName: 'b', predecessorActivity: 'Enrolling' }),
    ];
    for (const step of [1, 2, 3] as const) {
      expect(validateCohorts(rows, { step })).toEqual({
        rows: [{}, {}, {}],
        errors: [],
        incomplete: false,
        form: null,
      });
    }
  });

  it('marks a row with an empty name or number as incomplete; 0 and typed digits are fine', () => {
    const result = validateCohorts([row({ lagDays: '', patients: '0', dtlDurationDays: 0 })], { step: 1 });
    expect(result.incomplete).toBe(true);
    expect(result.rows).toEqual([{ lagDays: "Can't be empty." }]);
    expect(result.form).toBe(COHORTS_INVALID_MESSAGE);
    expect(result.errors).toEqual([{ field: 'rows.0.lagDays', message: "Can't be empty." }]);
  });

  it('asks for the predecessor activity on the countries and review steps only', () => {
    const rows = [row(), row({ cohortName: 'B', predecessorCohortName: 'A' })];
    expect(validateCohorts(rows, { step: 1 }).form).toBeNull();
    expect(validateCohorts(rows, { step: 2 }).rows[1]).toEqual({ predecessorActivity: "Can't be empty." });
  });

  it('a later row without a predecessor is a second first cohort while editing, unfilled on steps 2 and 3', () => {
    const rows = [row(), row({ cohortName: 'B' })];
    expect(validateCohorts(rows, { step: 1 }).rows[1]).toEqual({
      predecessorCohortName: 'Exactly one cohort must have no predecessor.',
    });
    expect(validateCohorts(rows, { step: 3 }).rows[1]).toEqual({
      predecessorCohortName: "Can't be empty.",
      predecessorActivity: "Can't be empty.",
    });
  });

  it('finds each row of a cycle, and text that is not a whole number', () => {
    const rows = [
      row(),
      row({ cohortName: 'B', predecessorCohortName: 'C', predecessorActivity: 'DTL' }),
      row({ cohortName: 'C', predecessorCohortName: 'B', predecessorActivity: 'DTL', patients: '1e3' }),
    ];
    const result = validateCohorts(rows, { step: 2 });
    expect(result.rows[1]).toEqual({ predecessorCohortName: 'Cohorts form a cycle.' });
    expect(result.rows[2]).toEqual({
      predecessorCohortName: 'Cohorts form a cycle.',
      patients: 'Has to be an integer.',
    });
    expect(result.incomplete).toBe(false);
  });

  it('needs at least one row on the countries and review steps', () => {
    expect(validateCohorts([], { step: 1 }).form).toBeNull();
    expect(validateCohorts([], { step: 2 })).toMatchObject({
      form: COHORTS_INVALID_MESSAGE,
      errors: [{ field: 'rows', message: 'A sequential cohort plan needs at least one cohort.' }],
    });
  });
});

describe('cohortPredecessorChoices', () => {
  const chain = (...predecessors: (string | null)[]) =>
    predecessors.map((p, i) =>
      row({ cohortName: `Cohort ${i + 1}`, predecessorCohortName: p, predecessorActivity: p ? 'SRC' : null }),
    );

  it('offers row 2 of a chain only Cohort 1, never the later Cohort 3 that follows it', () => {
    const rows = chain(null, 'Cohort 1', 'Cohort 2');
    expect(cohortPredecessorChoices(rows, 1)).toEqual(['Cohort 1']);
    expect(cohortPredecessorChoices(rows, 2)).toEqual(['Cohort 1', 'Cohort 2']);
    expect(cohortPredecessorChoices(rows, 0)).toEqual([]);
  });

  it('leaves out every cohort whose chain leads back to the row, however long, and nothing else', () => {
    // Cohort 4 follows Cohort 3, which follows Cohort 2: neither may precede Cohort 2. Cohort 5 follows Cohort 1.
    const rows = chain(null, 'Cohort 1', 'Cohort 2', 'Cohort 3', 'cohort 1 ');
    expect(cohortPredecessorChoices(rows, 1)).toEqual(['Cohort 1', 'Cohort 5']);
  });

  it('names each cohort once, trimmed, and skips unnamed rows', () => {
    const rows = [row(), row({ cohortName: ' B ' }), row({ cohortName: '' }), row({ cohortName: 'b' })];
    expect(cohortPredecessorChoices(rows, 2)).toEqual(['A', 'B']);
  });

  it('never offers a choice that validateCohorts then calls a cycle', () => {
    const names = ['A', 'B', 'C', 'D', 'E'];
    const table = fc
      .array(fc.constantFrom(...names, null), { minLength: 2, maxLength: 5 })
      .map((predecessors) =>
        predecessors.map((p, i) =>
          row({
            cohortName: names[i],
            predecessorCohortName: i === 0 ? null : p,
            predecessorActivity: i === 0 || !p ? null : 'SRC',
          }),
        ),
      );
    fc.assert(
      fc.property(table, fc.nat(), (rows, pick) => {
        const index = 1 + (pick % (rows.length - 1));
        for (const choice of cohortPredecessorChoices(rows, index)) {
          const chosen = rows.map((r, i) =>
            i === index ? { ...r, predecessorCohortName: choice, predecessorActivity: 'SRC' } : r,
          );
          expect(validateCohorts(chosen, { step: 1 }).rows[index]?.predecessorCohortName).not.toBe(
            'Cohorts form a cycle.',
          );
        }
      }),
      { numRuns: 500 },
    );
  });
});
