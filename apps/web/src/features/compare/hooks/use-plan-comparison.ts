import { useQuery } from '@tanstack/react-query';
import { comparisonQueryOptions } from '../api/compare-api';

/**
 * The comparison of the address's plans. A finished run never changes, but a plan may finish a newer run while the
 * page is closed, so it is read afresh each time the page opens.
 */
export function usePlanComparison(studyId: number | null, planIds: readonly number[] | null) {
  return useQuery({
    ...comparisonQueryOptions(studyId ?? 0, planIds ?? []),
    staleTime: 0,
    enabled: studyId !== null && planIds !== null,
  });
}
