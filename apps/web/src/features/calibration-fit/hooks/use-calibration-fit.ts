import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalibrationFitStatus } from '@predict/shared';
import {
  approveCalibrationVersion,
  calibrationFitQueryOptions,
  calibrationVersionsKey,
  calibrationVersionsQueryOptions,
  startCalibrationFit,
} from '../api/calibration-fit-api';

/** How often a running fit's progress is asked for. */
export const FIT_POLL_MS = 1_000;

const running = (s: CalibrationFitStatus | undefined) => s?.status === 'queued' || s?.status === 'running';

export function useCalibrationVersions() {
  return useQuery({ ...calibrationVersionsQueryOptions(), staleTime: 0 });
}

/**
 * A fit's status, polled while it is queued or running; when it ends, the versions are read again (a done fit
 * made a new one).
 */
export function useCalibrationFitStatus(fitId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...calibrationFitQueryOptions(fitId ?? 0),
    enabled: fitId !== null,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (running(data)) return FIT_POLL_MS;
      if (data) void queryClient.invalidateQueries({ queryKey: calibrationVersionsKey });
      return false;
    },
  });
}

export function useStartCalibrationFit() {
  return useMutation({ mutationFn: startCalibrationFit });
}

export function useApproveCalibrationVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveCalibrationVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calibrationVersionsKey }),
  });
}
