import { useQuery } from '@tanstack/react-query';
import { fetchSimulationStatus, simulationStatusQueryKey } from '../api/simulation-api';
import { SIMULATION_POLL_MS, simulationPhase } from '../utils/simulation-status';

/**
 * The plan's run status. While it is pending the status is polled every 15 s (spec/1 sections 4 and 9) until
 * COMPLETED_OK or a failure; in view mode it is read once and never polled, not even on window focus.
 */
export function useSimulationStatus(planId: number | null, { poll }: { poll: boolean }) {
  return useQuery({
    queryKey: simulationStatusQueryKey(planId ?? 0),
    queryFn: ({ signal }) => fetchSimulationStatus(planId!, signal),
    enabled: planId !== null,
    // Always fresh on opening the page: a run may have moved on since the status was last read.
    staleTime: 0,
    refetchOnWindowFocus: poll,
    refetchOnReconnect: poll,
    refetchInterval: (query) => {
      if (!poll) return false;
      const data = query.state.data;
      return !data || simulationPhase(data) === 'pending' ? SIMULATION_POLL_MS : false;
    },
  });
}
