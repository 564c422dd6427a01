import type { SequentialCohortInputRow, SequentialCohortRow } from '@predict/shared';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';
import { computeCohortChain } from '../api/cohorts-api';

/** How long typing pauses before the chain dates are recomputed. */
export const COHORT_CHAIN_DEBOUNCE_MS = 500;
/** Ours: shown when the chain call itself fails. */
export const CHAIN_FAILED_NOTICE = 'The cohort dates could not be recomputed.';

export interface CohortChainState {
  /** The computed rows of the last answer (same order as the inputs), or null before any recomputation. */
  rows: SequentialCohortRow[] | null;
  notice: string | null;
  computing: boolean;
}

/**
 * Recomputes the cohort chain dates of unsaved rows (POST /ctpo/cohort/chain) a moment after the inputs stop
 * changing. `inputs` is null while there is nothing to recompute (unchanged or read-only rows): the saved dates
 * stand. An answer to older inputs is dropped.
 */
export function useCohortChain(planId: number, inputs: SequentialCohortInputRow[] | null): CohortChainState {
  const [state, setState] = useState<CohortChainState>({ rows: null, notice: null, computing: false });
  const signature = inputs === null ? null : JSON.stringify(inputs);
  // The inputs the shown answer has to be for; an answer to any others is dropped.
  const latest = useRef<string | null>(null);
  const recompute = useDebouncedCallback(
    (key: string, studyPlanId: number, rows: SequentialCohortInputRow[]) => {
      computeCohortChain({ studyPlanId, rows }).then(
        (answer) =>
          latest.current === key && setState({ rows: answer.rows, notice: answer.notice, computing: false }),
        () =>
          latest.current === key && setState({ rows: null, notice: CHAIN_FAILED_NOTICE, computing: false }),
      );
    },
    COHORT_CHAIN_DEBOUNCE_MS,
  );

  useEffect(() => {
    if (signature === null) {
      latest.current = null;
      recompute.cancel();
      setState({ rows: null, notice: null, computing: false });
      return;
    }
    const key = `${planId}:${signature}`;
    latest.current = key;
    setState((s) => ({ ...s, computing: true }));
    recompute(key, planId, JSON.parse(signature) as SequentialCohortInputRow[]);
  }, [planId, signature, recompute]);

  useEffect(
    () => () => {
      latest.current = null;
    },
    [],
  );

  return state;
}
