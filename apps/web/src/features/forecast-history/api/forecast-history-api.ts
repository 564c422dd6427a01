import { queryOptions } from '@tanstack/react-query';
import { ForecastHistoryResponse, forecastHistoryUrl } from '@predict/shared';
import { api } from '@/lib/api-client';

export const forecastHistoryKey = (planId: number) => ['forecast-history', planId] as const;

/** GET /ctpo/plans/{planId}/forecast-history: the plan's forecasts of record and the study's actual dates. */
export const forecastHistoryQueryOptions = (planId: number) =>
  queryOptions({
    queryKey: forecastHistoryKey(planId),
    queryFn: ({ signal }) => api.get(forecastHistoryUrl(planId), ForecastHistoryResponse, { signal }),
  });
