import type { ActivationShapePoint } from '@predict/shared';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { fetchSiteGroupReference } from '../api/plan-countries-api';

/**
 * The reference activation profile of a site group (Admin Data), the shape the server scales to a country's sites
 * for its default profile. A site group the server no longer has gives no reference (the server then spaces sites
 * 30 days apart, and so does the page). Undefined while loading or after another failure.
 */
export function useReferenceProfile(siteGroupId: number): ActivationShapePoint[] | undefined {
  const query = useQuery({
    queryKey: ['plan-countries', 'reference-profile', siteGroupId],
    queryFn: async ({ signal }): Promise<ActivationShapePoint[]> => {
      try {
        const group = await fetchSiteGroupReference(siteGroupId, signal);
        return group.activationProfiles.map((p) => ({
          sites: p.siteActivationProfilePct,
          days: p.siteActivationProfileDays,
        }));
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
    retry: false,
    staleTime: 60_000,
  });
  return query.data;
}
