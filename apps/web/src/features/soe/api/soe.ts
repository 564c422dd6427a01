import {
  SoeDetailAnswer,
  SoeIdAnswer,
  SoeListRow,
  type SoeCloneBody,
  type SoeDeleteBody,
  type SoeEditBody,
  type SoeFormBody,
} from '@predict/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const SoeList = SoeListRow.array();

/** Every query of this feature starts with 'soe', so a write can refresh them together. */
export const soeQueryKey = ['soe'] as const;
export const studySoesQueryKey = (studyId: number) => [...soeQueryKey, 'study', studyId] as const;
export const soeDetailQueryKey = (soeId: number) => [...soeQueryKey, 'detail', soeId] as const;

export const studySoesQueryOptions = (studyId: number) =>
  queryOptions({
    queryKey: studySoesQueryKey(studyId),
    queryFn: ({ signal }) => api.get(`/ctpo/soe/study/${studyId}`, SoeList, { signal }),
  });

/** The study's Schedules of Events, newest first (GET /ctpo/soe/study/{studyId}). */
export function useStudySoes(studyId: number) {
  return useQuery(studySoesQueryOptions(studyId));
}

export const soeDetailQueryOptions = (soeId: number) =>
  queryOptions({
    queryKey: soeDetailQueryKey(soeId),
    queryFn: async ({ signal }) => {
      const answer = await api.get(`/ctpo/soe/${soeId}`, SoeDetailAnswer, { signal });
      const soe = answer.data[0];
      if (!soe) throw new Error('The Schedule of Events was not found.');
      return soe;
    },
  });

/** One SOE with every field of its form (GET /ctpo/soe/{id}); only while `enabled`. */
export function useSoeDetail(soeId: number, enabled = true) {
  return useQuery({ ...soeDetailQueryOptions(soeId), enabled });
}

/** The first row's Id of a create / clone / delete answer; -1 (or none) is a failure (spec/2 section 4). */
function firstId(rows: SoeIdAnswer): number {
  const id = rows[0]?.Id;
  if (id === undefined || id < 0) throw new Error('The request failed.');
  return id;
}

export const createSoe = (studyId: number, body: SoeFormBody) =>
  api.post(`/ctpo/study/${studyId}/soe`, body, SoeIdAnswer).then(firstId);

export const editSoe = (studyId: number, body: SoeEditBody) =>
  api.post(`/ctpo/study/${studyId}/SOEEdit`, body, SoeIdAnswer).then(firstId);

export const cloneSoe = (studyId: number, body: SoeCloneBody) =>
  api.post(`/ctpo/study/${studyId}/SOEClone`, body, SoeIdAnswer).then(firstId);

export const deleteSoe = (studyId: number, body: SoeDeleteBody) =>
  api.post(`/ctpo/study/${studyId}/SOEDelete`, body, SoeIdAnswer).then(firstId);
