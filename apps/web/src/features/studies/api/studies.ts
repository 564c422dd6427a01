import { StudyDetails, StudyListResponse, StudySearchResult, sanitizeSearchText } from '@predict/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toStudyListParams, type StudyListQueryState } from '../utils/study-list-query';

export const studyListQueryOptions = (state: StudyListQueryState) =>
  queryOptions({
    queryKey: ['studies', 'list', state],
    queryFn: ({ signal }) =>
      api.get('/ctpo/studies', StudyListResponse, { query: toStudyListParams(state), signal }),
    // Keep the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useStudyList(state: StudyListQueryState) {
  return useQuery(studyListQueryOptions(state));
}

const SearchResults = StudySearchResult.array();

/** The path of the study search: the encoded text followed by a literal '*' (spec/3 section 7). */
export function studySearchPath(text: string): string {
  return `/ctpo/studies/project/${encodeURIComponent(sanitizeSearchText(text))}*`;
}

export const studySearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['studies', 'search', sanitizeSearchText(text)],
    queryFn: ({ signal }) => api.get(studySearchPath(text), SearchResults, { signal }),
    staleTime: 30_000,
  });

export const studyQueryOptions = (studyId: number) =>
  queryOptions({
    queryKey: ['studies', 'one', studyId],
    queryFn: ({ signal }) => api.get(`/ctpo/study/${studyId}`, StudyDetails, { signal }),
  });

export function useStudy(studyId: number | null) {
  return useQuery({ ...studyQueryOptions(studyId ?? 0), enabled: studyId !== null });
}
