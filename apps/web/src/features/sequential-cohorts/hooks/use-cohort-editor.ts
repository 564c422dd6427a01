import {
  COHORTS_INVALID_MESSAGE,
  validateCohorts,
  type SequentialCohortResponse,
  type SequentialCohortRow,
  type StudyPlan,
} from '@predict/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { useConfirm } from '@/components/warning-dialog';
import { planQueryOptions } from '@/features/plan-shell';
import { isApiError } from '@/lib/api-client';
import { cohortsQuery, saveCohorts } from '../api/cohorts-api';
import {
  COHORT_FORM_FIELDS,
  cohortSignature,
  emptyFormRow,
  formRowOf,
  inputRowOf,
  isSequentialPlan,
  type CohortFormField,
  type CohortFormRow,
  type PhaseNames,
} from '../utils/cohort-form';
import { useCohortChain, type CohortChainState } from './use-cohort-chain';

/** The load states of spec/1 section 4. */
export type CohortLoadState = 'idle' | 'loading' | 'resolved' | 'error';

interface Baseline {
  source: SequentialCohortResponse;
  rows: CohortFormRow[];
  names: PhaseNames;
}

function baselineOf(source: SequentialCohortResponse): Baseline {
  // An empty table starts with one blank first cohort to fill in; it is not an unsaved change.
  const rows = source.rows.length ? source.rows.map(formRowOf) : [emptyFormRow()];
  return { source, rows, names: { ...source.phaseNames } };
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
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const enabled = isSequentialPlan(plan);
  const query = useQuery({ ...cohortsQuery(plan.studyPlanId), enabled });
  const [baseline, setBaseline] = useState<Baseline | null>(null);
  const [rows, setRows] = useState<CohortFormRow[]>([]);
  const [names, setNames] = useState<PhaseNames>({ dtl: plan.dtlPhaseName, src: plan.srcPhaseName });
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const restart = useCallback((next: Baseline) => {
    setBaseline(next);
    setRows(next.rows);
    setNames(next.names);
    setTouched(new Set());
    setSubmitted(false);
    setServerErrors({});
  }, []);
  // A (re)loaded table replaces the form, the way a reload would.
  if (query.data && query.data !== baseline?.source) restart(baselineOf(query.data));

  const loadState: CohortLoadState = !enabled
    ? 'idle'
    : query.isError
      ? 'error'
      : baseline
        ? 'resolved'
        : 'loading';
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
  const saved = baseline?.source.rows ?? [];
  // Until the recomputed chain answers, a row keeps its saved dates (shown as pending); a failed or impossible
  // recomputation shows none rather than stale ones.
  const computed = rows.map((row, i) =>
    chain.rows
      ? chain.rows[i]
      : !isDirty || chain.computing
        ? saved.find((s) => row.studyPlanCohortId !== null && s.studyPlanCohortId === row.studyPlanCohortId)
        : undefined,
  );

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

  const setCell = (rowIndex: number, field: CohortFormField, value: string) => {
    setServerErrors((e) => {
      const { [`${rowIndex}.${field}`]: _dropped, ...rest } = e;
      return rest;
    });
    setRows((current) => current.map((row, i) => (i === rowIndex ? { ...row, [field]: value } : row)));
  };

  const touch = (rowIndex: number, field: CohortFormField) => {
    const key = rows[rowIndex]?.key;
    if (key) setTouched((t) => new Set(t).add(`${key}.${field}`));
  };

  const removeRow = async (rowIndex: number) => {
    const row = rows[rowIndex];
    if (!row || rows.length <= 1) return;
    const name = row.cohortName.trim() || `row ${rowIndex + 1}`;
    if (!(await confirm(`Remove cohort ${name}? Its inputs are lost.`))) return;
    setServerErrors({});
    // The row that becomes the first cohort loses its predecessor: the first cohort has none.
    setRows((current) =>
      current
        .filter((r) => r.key !== row.key)
        .map((r, i) => (i === 0 ? { ...r, predecessorCohortName: '', predecessorActivity: '' } : r)),
    );
  };

  const save = async (options: { rowVersion?: number } = {}) => {
    if (readOnly || !enabled) return true;
    if (!baseline || !isValid) {
      setSubmitted(true);
      notify.error(COHORTS_INVALID_MESSAGE);
      return false;
    }
    setSaving(true);
    try {
      const answer = await saveCohorts(plan.studyId, {
        studyPlanId: plan.studyPlanId,
        rowVersion: options.rowVersion ?? plan.rowVersion,
        phaseNames: { dtl: names.dtl.trim(), src: names.src.trim() },
        rows: rows.map(inputRowOf),
      });
      queryClient.setQueryData(cohortsQuery(plan.studyPlanId).queryKey, answer);
      await queryClient.invalidateQueries({ queryKey: planQueryOptions(plan.studyPlanId).queryKey });
      return true;
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        setSubmitted(true);
        setServerErrors(
          Object.fromEntries(
            error.fields.flatMap((f) => {
              const m = /^rows\.(\d+)\.(\w+)$/.exec(f.path);
              return m ? [[`${m[1]}.${m[2]}`, f.message]] : [];
            }),
          ),
        );
        notify.error(COHORTS_INVALID_MESSAGE);
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

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
    setCell,
    touch,
    setPhaseName: (phase, value) => setNames((n) => ({ ...n, [phase]: value })),
    addRow: () => setRows((current) => [...current, emptyFormRow(current[current.length - 1])]),
    removeRow,
    save,
    reset: () => baseline && restart(baseline),
  };
}
