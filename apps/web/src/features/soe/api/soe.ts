import { SoeListRow } from '@predict/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const SoeList = SoeListRow.array();

export const studySoesQueryKey = (studyId: number) => ['soe', 'study', studyId] as const;

export const studySoesQueryOptions = (studyId: number) =>
  queryOptions({
    queryKey: studySoesQueryKey(studyId),
    queryFn: ({ signal }) => api.get(`/ctpo/soe/study/${studyId}`, SoeList, { signal }),
  });

/** The study's Schedules of Events, newest first (GET /ctpo/soe/study/{studyId}). */
export function useStudySoes(studyId: number) {
  return useQuery(studySoesQueryOptions(studyId));
}
