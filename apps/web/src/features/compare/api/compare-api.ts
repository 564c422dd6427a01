import { queryOptions } from '@tanstack/react-query';
import { compareUrl, PlanComparison } from '@predict/shared';
import { api } from '@/lib/api-client';

export const comparisonKey = (studyId: number, planIds: readonly number[]) =>
  ['plan-comparison', studyId, planIds.join(',')] as const;

/** GET /ctpo/compare/study/{studyId}?plans=: the plans side by side, from their stored results. */
export const comparisonQueryOptions = (studyId: number, planIds: readonly number[]) =>
  queryOptions({
    queryKey: comparisonKey(studyId, planIds),
    queryFn: ({ signal }) => api.get(compareUrl(studyId, planIds), PlanComparison, { signal }),
  });
