import {
  COHORT_RESULT_SETS,
  COMBINATION_RESULT_SETS,
  ORDINARY_RESULT_SETS,
  type ResultSetName,
  type ResultSets,
} from '@predict/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchResultSet, resultSetQueryKey } from '../api/simulation-api';

const WITH_COHORTS: readonly ResultSetName[] = [...ORDINARY_RESULT_SETS, ...COHORT_RESULT_SETS];

/**
 * The sets a plan's results need: 13, 20 for sequential cohort plans (spec/1 sections 4 and 9), 14 for
 * combination plans (the 13 and their Timeline Overview).
 */
export const resultSetNames = (sequentialCohorts: boolean, combination = false): readonly ResultSetName[] =>
  sequentialCohorts ? WITH_COHORTS : combination ? COMBINATION_RESULT_SETS : ORDINARY_RESULT_SETS;

export interface ResultSetsState {
  sets: Partial<ResultSets>;
  loaded: number;
  total: number;
  complete: boolean;
  /** A set failed to load: the load stopped there and can be resumed. */
  failed: boolean;
  retry: () => void;
}

/**
 * Fetches the result sets one after the other (spec/1 section 4), reporting how many are in. A failure is only
 * logged (spec/1 section 8), and the load stops so the screen can offer to resume it instead of an endless bar.
 * Sets are cached per run, so coming back to the page shows them at once.
 */
export function useResultSets(
  planId: number,
  runId: number | null,
  names: readonly ResultSetName[],
): ResultSetsState {
  const queryClient = useQueryClient();
  const [sets, setSets] = useState<Partial<ResultSets>>({});
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      for (const name of names) {
        try {
          const value = await queryClient.fetchQuery({
            queryKey: resultSetQueryKey(planId, runId, name),
            queryFn: ({ signal }) => fetchResultSet(name, planId, signal),
            staleTime: Infinity,
            retry: false,
          });
          if (cancelled) return;
          setSets((prev) => (prev[name] === value ? prev : { ...prev, [name]: value }));
        } catch (error) {
          if (cancelled) return;
          console.error(`Loading the simulation result set ${name} failed.`, error);
          setFailed(true);
          return;
        }
      }
    };
    void load();
    return () => {
      cancelled = true;
    };
  }, [queryClient, planId, runId, names, attempt]);

  const loaded = names.filter((n) => sets[n] !== undefined).length;
  return {
    sets,
    loaded,
    total: names.length,
    complete: loaded === names.length,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((a) => a + 1);
    },
  };
}
