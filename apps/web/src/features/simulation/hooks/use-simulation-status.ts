import { useQuery } from '@tanstack/react-query';
import { fetchSimulationStatus, simulationStatusQueryKey } from '../api/simulation-api';
import { SIMULATION_POLL_MS, simulationPhase } from '../utils/simulation-status';
import { useSimulationEvents } from './use-simulation-events';

/**
 * The plan's run status. While it is pending the server pushes each change (server-sent events) and the status is
 * still polled every 15 s as the fallback (spec/1 sections 4 and 9) until COMPLETED_OK or a failure; in view mode
 * it is read once and neither streamed nor polled, not even on window focus.
 */
export function useSimulationStatus(planId: number | null, { poll }: { poll: boolean }) {
  const query = useQuery({
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
  useSimulationEvents(planId, poll && query.data !== undefined && simulationPhase(query.data) === 'pending');
  return query;
}
