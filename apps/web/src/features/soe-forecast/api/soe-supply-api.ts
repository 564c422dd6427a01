import { SoeSupply, type SoeSupplyQuery } from '@predict/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forecastRetry } from './soe-forecast-api';

/** GET /ctpo/soe/{id}/forecast/supply with the tab's settings (docs/soe-forecast.md "IP supply"). */
export const soeSupplyQuery = (soeId: number, q: SoeSupplyQuery) =>
  queryOptions({
    queryKey: ['soe-forecast', soeId, 'supply', q.confidence, q.leadWeeks, q.siteStock] as const,
    queryFn: ({ signal }) =>
      api.get(
        `/ctpo/soe/${soeId}/forecast/supply?confidence=${q.confidence}&leadWeeks=${q.leadWeeks}&siteStock=${q.siteStock}`,
        SoeSupply,
        { signal },
      ),
    // As the other forecast reads: afresh on every visit (a save in the editor must show), cheap when repeated.
    staleTime: 0,
    retry: forecastRetry,
    // A change of setting keeps the last plan on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

export const useSoeSupply = (soeId: number, q: SoeSupplyQuery) => useQuery(soeSupplyQuery(soeId, q));
