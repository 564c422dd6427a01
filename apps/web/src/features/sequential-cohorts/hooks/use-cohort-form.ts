import type { SequentialCohortResponse, StudyPlan } from '@predict/shared';
import { useCallback, useState } from 'react';
import { useConfirm } from '@/components/warning-dialog';
import {
  emptyFormRow,
  formRowOf,
  type CohortFormField,
  type CohortFormRow,
  type PhaseNames,
} from '../utils/cohort-form';

/** The saved table the form started from: what Reset goes back to and what isDirty compares with. */
export interface CohortBaseline {
  source: SequentialCohortResponse;
  rows: CohortFormRow[];
  names: PhaseNames;
}

function baselineOf(source: SequentialCohortResponse): CohortBaseline {
  // An empty table starts with one blank first cohort to fill in; it is not an unsaved change.
  const rows = source.rows.length ? source.rows.map(formRowOf) : [emptyFormRow()];
  return { source, rows, names: { ...source.phaseNames } };
}

/**
 * The cohort rows and phase names as the user edits them, which cells were touched, whether a save was tried and
 * the server's messages of the last save. `source` is the loaded table.
 */
export function useCohortForm(plan: StudyPlan, source: SequentialCohortResponse | undefined) {
  const confirm = useConfirm();
  const [baseline, setBaseline] = useState<CohortBaseline | null>(null);
  const [rows, setRows] = useState<CohortFormRow[]>([]);
  const [names, setNames] = useState<PhaseNames>({ dtl: plan.dtlPhaseName, src: plan.srcPhaseName });
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const restart = useCallback((next: CohortBaseline) => {
    setBaseline(next);
    setRows(next.rows);
    setNames(next.names);
    setTouched(new Set());
    setSubmitted(false);
    setServerErrors({});
  }, []);
  // A (re)loaded table replaces the form, the way a reload would.
  if (source && source !== baseline?.source) restart(baselineOf(source));

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

  return {
    baseline,
    rows,
    names,
    touched,
    submitted,
    serverErrors,
    setSubmitted,
    setServerErrors,
    setCell,
    touch,
    removeRow,
    setPhaseName: (phase: keyof PhaseNames, value: string) => setNames((n) => ({ ...n, [phase]: value })),
    addRow: () => setRows((current) => [...current, emptyFormRow(current[current.length - 1])]),
    reset: () => baseline && restart(baseline),
  };
}

export type CohortForm = ReturnType<typeof useCohortForm>;
