import { useQuery } from '@tanstack/react-query';
import { actualsKeys, fetchSitesIncluded, fetchSitesNotIncluded } from '../api/actuals-api';
import { splitSites } from '../utils/site-rows';

/**
 * The View Site List dialog's rows: both lists at once, split into the three tabs (Closed out of Included, empty
 * rows dropped). A failed fetch ends the loading state (spec/3 section 8).
 */
export function useSiteLists(studyId: number, enabled: boolean) {
  return useQuery({
    queryKey: actualsKeys.sites(studyId),
    queryFn: async ({ signal }) => {
      const [included, notIncluded] = await Promise.all([
        fetchSitesIncluded(studyId, signal),
        fetchSitesNotIncluded(studyId, signal),
      ]);
      return splitSites(included, notIncluded);
    },
    enabled,
  });
}
