import { MetaResponse } from '@predict/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Product metadata (version, identity provider, database shape, whether demo data is loaded). */
export function useMeta() {
  return useQuery({
    queryKey: ['meta'],
    queryFn: () => api.get('/ctpo/meta', MetaResponse),
    staleTime: 10 * 60_000,
  });
}
