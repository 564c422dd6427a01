import {
  SoeCostDetailRow,
  SoeCostSummaryRow,
  SoeDetailAnswer,
  SoeForecastChart,
  SoeGrantsRow,
  SoeStrategyRow,
} from '@predict/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

const key = (soeId: number, part: string) => ['soe-forecast', soeId, part] as const;
/** A 409 (no plan, no run, a missing exchange rate) is an answer, not a glitch: no retry. */
export const forecastRetry = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;
const read = <T>(soeId: number, part: string, path: string, schema: { parse(d: unknown): T }) =>
  queryOptions({
    queryKey: key(soeId, part),
    queryFn: ({ signal }) => api.get(`/ctpo/soe/${soeId}${path}`, schema, { signal }),
    // Read afresh on every visit of the page: a save in the editor a moment ago must show (the server keeps the
    // forecast per SOE version, so a repeat read is cheap).
    staleTime: 0,
    retry: forecastRetry,
  });

/** The forecast page's reads (spec/2 section 7): the SOE, the four forecast tables and the cost chart. */
export const soeForecastQueries = (soeId: number) => ({
  soe: read(soeId, 'soe', '', SoeDetailAnswer),
  summary: read(soeId, 'summary', '/summary', SoeCostSummaryRow.array()),
  detail: read(soeId, 'detail', '/detail', SoeCostDetailRow.array()),
  strategy: read(soeId, 'strategy', '/rfp/detail', SoeStrategyRow.array()),
  grants: read(soeId, 'grants', '/rfp/summary', SoeGrantsRow.array()),
  chart: read(soeId, 'chart', '/forecast/chart', SoeForecastChart),
});

export function useSoeForecast(soeId: number) {
  const q = soeForecastQueries(soeId);
  return {
    soe: useQuery(q.soe),
    summary: useQuery(q.summary),
    detail: useQuery(q.detail),
    strategy: useQuery(q.strategy),
    grants: useQuery(q.grants),
    chart: useQuery(q.chart),
  };
}

/** The server's 409 message (no plan or run, a missing exchange rate), or null for any other state. */
export const conflictMessage = (error: Error | null): string | null =>
  error instanceof ApiError && error.status === 409 ? error.message : null;
