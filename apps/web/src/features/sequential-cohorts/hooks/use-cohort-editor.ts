import { validateCohorts, type SequentialCohortRow, type StudyPlan } from '@predict/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cohortsQuery } from '../api/cohorts-api';
import {
  COHORT_FORM_FIELDS,
  cohortSignature,
  inputRowOf,
  isSequentialPlan,
  type CohortFormField,
  type CohortFormRow,
  type PhaseNames,
} from '../utils/cohort-form';
import { useCohortChain, type CohortChainState } from './use-cohort-chain';
import { useCohortForm } from './use-cohort-form';
import { useCohortSave } from './use-cohort-save';

/** The load states of spec/1 section 4. */
export type CohortLoadState = 'idle' | 'loading' | 'resolved' | 'error';

const loadStateOf = (enabled: boolean, failed: boolean, loaded: boolean): CohortLoadState =>
  !enabled ? 'idle' : failed ? 'error' : loaded ? 'resolved' : 'loading';

/**
 * The computed columns each row shows. Until the recomputed chain answers, a row keeps its saved dates (shown as
 * pending); a failed or impossible recomputation shows none rather than stale ones.
 */
function shownComputedRows(
  rows: CohortFormRow[],
  chain: CohortChainState,
  saved: SequentialCohortRow[],
  isDirty: boolean,
): Array<SequentialCohortRow | undefined> {
  return rows.map((row, i) =>
    chain.rows
      ? chain.rows[i]
      : !isDirty || chain.computing
        ? saved.find((s) => row.studyPlanCohortId !== null && s.studyPlanCohortId === row.studyPlanCohortId)
        : undefined,
  );
}

export interface CohortEditor {
  plan: StudyPlan;
  readOnly: boolean;
  step: 2 | 3;
  loadState: CohortLoadState;
  retry: () => void;
  rows: CohortFormRow[];
  phaseNames: PhaseNames;
  /** The computed columns of each row: the last recomputed chain, else the saved rows. */
  computed: Array<SequentialCohortRow | undefined>;
  chain: CohortChainState;
  /** The message under a cell, once the cell was touched or a save was tried. */
  errorFor: (rowIndex: number, field: CohortFormField) => string | undefined;
  isDirty: boolean;
  isValid: boolean;
  /** The editable table has errors: Save and Next Step must wait (spec/1 section 5), and the table says why. */
  blocking: boolean;
  saving: boolean;
  setCell: (rowIndex: number, field: CohortFormField, value: string) => void;
  touch: (rowIndex: number, field: CohortFormField) => void;
  setPhaseName: (phase: keyof PhaseNames, value: string) => void;
  addRow: () => void;
  /** Asks first; refused while only one row is left. */
  removeRow: (rowIndex: number) => Promise<void>;
  /**
   * Saves the table (POST SequentialCohort). Shows 'Sequential cohorts setup is not valid' when invalid (here or
   * by the server) and answers false; other failures answer false without a message, for the caller's own.
   * rowVersion: the plan's version when the caller saved the plan just before (defaults to the plan's).
   */
  save: (options?: { rowVersion?: number }) => Promise<boolean>;
  reset: () => void;
}

/** State, validation, chain dates and save of the sequential cohort table (spec/1 sections 3, 4, 5). */
export function useCohortEditor(plan: StudyPlan, opts: { readOnly: boolean; step: 2 | 3 }): CohortEditor {
  const { readOnly, step } = opts;
  const enabled = isSequentialPlan(plan);
  const query = useQuery({ ...cohortsQuery(plan.studyPlanId), enabled });
  const form = useCohortForm(plan, query.data);
  const { baseline, rows, names, touched, submitted, serverErrors } = form;

  const loadState = loadStateOf(enabled, query.isError, baseline !== null);
  const isDirty =
    baseline !== null && cohortSignature(rows, names) !== cohortSignature(baseline.rows, baseline.names);
  const validation = useMemo(() => validateCohorts(rows.map(inputRowOf), { step }), [rows, step]);
  const namesValid = names.dtl.trim() !== '' && names.src.trim() !== '';
  const isValid = !enabled || (baseline !== null && validation.form === null && namesValid);

  const inputs = useMemo(
    () => (!readOnly && isDirty ? rows.map(inputRowOf) : null),
    [readOnly, isDirty, rows],
  );
  const chain = useCohortChain(plan.studyPlanId, inputs);
  const computed = shownComputedRows(rows, chain, baseline?.source.rows ?? [], isDirty);

  const errorFor = (rowIndex: number, field: CohortFormField) => {
    const key = `${rowIndex}.${field}`;
    const server = serverErrors[key];
    if (server) return server;
    const message = validation.rows[rowIndex]?.[field];
    const row = rows[rowIndex];
    const filled = row !== undefined && row[field] !== '';
    return message && (filled || submitted || touched.has(`${row?.key}.${field}`)) ? message : undefined;
  };
  // Untouched empty cells stay quiet (a save shows them); once a message shows, Save and Next Step wait for it.
  const errorsShown = rows.some((_, i) =>
    COHORT_FORM_FIELDS.some((field) => errorFor(i, field) !== undefined),
  );
  const { saving, save } = useCohortSave({ plan, readOnly, enabled, isValid, form });

  return {
    plan,
    readOnly,
    step,
    loadState,
    retry: () => void query.refetch(),
    rows,
    phaseNames: names,
    computed,
    chain,
    errorFor,
    isDirty,
    isValid,
    blocking: !readOnly && loadState === 'resolved' && errorsShown,
    saving,
    setCell: form.setCell,
    touch: form.touch,
    setPhaseName: form.setPhaseName,
    addRow: form.addRow,
    removeRow: form.removeRow,
    save,
    reset: form.reset,
  };
}
