import {
  CohortChainResponse,
  SequentialCohortResponse,
  type CohortChainBody,
  type SequentialCohortBody,
} from '@predict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const cohortsQuery = (planId: number) =>
  queryOptions({
    queryKey: ['sequential-cohorts', planId],
    queryFn: ({ signal }) => api.get(`/ctpo/cohort/plan/${planId}`, SequentialCohortResponse, { signal }),
  });

export const computeCohortChain = (body: CohortChainBody) =>
  api.post('/ctpo/cohort/chain', body, CohortChainResponse);

export const saveCohorts = (studyId: number, body: SequentialCohortBody) =>
  api.post(`/ctpo/study/${studyId}/SequentialCohort`, body, SequentialCohortResponse);
