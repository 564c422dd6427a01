import type { SequentialCohortInputRow, SequentialCohortRow } from '@predict/shared';
import { useEffect, useState } from 'react';
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

  useEffect(() => {
    if (signature === null) {
      setState({ rows: null, notice: null, computing: false });
      return;
    }
    let current = true;
    setState((s) => ({ ...s, computing: true }));
    const timer = setTimeout(() => {
      const rows = JSON.parse(signature) as SequentialCohortInputRow[];
      computeCohortChain({ studyPlanId: planId, rows }).then(
        (answer) => current && setState({ rows: answer.rows, notice: answer.notice, computing: false }),
        () => current && setState({ rows: null, notice: CHAIN_FAILED_NOTICE, computing: false }),
      );
    }, COHORT_CHAIN_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [planId, signature]);

  return state;
}
