import { useQuery } from '@tanstack/react-query';
import { forecastHistoryQueryOptions } from '../api/forecast-history-api';

/**
 * The plan's Forecast History. Every finished run adds a record and a new extract changes the actual dates, so
 * the screen reads it afresh each time it opens (no stale time) instead of showing a copy from before the run.
 */
export function useForecastHistory(planId: number | null) {
  return useQuery({ ...forecastHistoryQueryOptions(planId ?? 0), staleTime: 0, enabled: planId !== null });
}
