import type { SimulationRunSettings } from '@predict/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchRunSettings, runSettingsQueryKey } from '../api/simulation-api';

/**
 * The uncertainty settings of the run whose results are shown (cached per run: a finished run's never change).
 * Undefined while they load and when they cannot be read: the Parameter Summary then shows the plan's inputs only,
 * and the results still show (a failure is only logged, like a result set's).
 */
export function useRunSettings(planId: number, runId: number | null): SimulationRunSettings | undefined {
  const query = useQuery({
    queryKey: runSettingsQueryKey(planId, runId),
    queryFn: async ({ signal }) => {
      try {
        return await fetchRunSettings(planId, signal);
      } catch (error) {
        console.error('Loading the simulation run settings failed.', error);
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
  return query.data;
}
