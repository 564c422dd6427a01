import { SEARCH_WILDCARD, STUDY_LIST_DEFAULT_PAGE_SIZE, type StudySortColumn } from '@predict/shared';
import type { QueryValue } from '@/lib/api-client';

export type FlagFilter = '' | 'Y' | 'N';

/** The column filters as the inputs hold them; '' means no filter (All). */
export interface StudyListFilters {
  projectId: string;
  studyName: string;
  sponsorName: string;
  opportunityStage: string;
  enrollmentPlanExists: FlagFilter;
  soeExists: FlagFilter;
  soeCosts: FlagFilter;
  soeClinicalInformatics: FlagFilter;
  soeDataManagement: FlagFilter;
  enrollmentPlanLastUpdateFrom: string;
  enrollmentPlanLastUpdateTo: string;
  soeLastUpdateFrom: string;
  soeLastUpdateTo: string;
}

export type StudyListFilterKey = keyof StudyListFilters;

export const EMPTY_FILTERS: StudyListFilters = {
  projectId: '',
  studyName: '',
  sponsorName: '',
  opportunityStage: '',
  enrollmentPlanExists: '',
  soeExists: '',
  soeCosts: '',
  soeClinicalInformatics: '',
  soeDataManagement: '',
  enrollmentPlanLastUpdateFrom: '',
  enrollmentPlanLastUpdateTo: '',
  soeLastUpdateFrom: '',
  soeLastUpdateTo: '',
};

/** Everything GET /ctpo/studies is asked for; the server searches, filters, sorts and pages. */
export interface StudyListQueryState {
  /** Already sanitized search text. */
  search: string;
  filters: StudyListFilters;
  sort: StudySortColumn;
  order: 'asc' | 'desc';
  /** 0-based. */
  page: number;
  pageSize: number;
}

export const INITIAL_STUDY_LIST_QUERY: StudyListQueryState = {
  search: SEARCH_WILDCARD,
  filters: EMPTY_FILTERS,
  sort: 'projectId',
  order: 'asc',
  page: 0,
  pageSize: STUDY_LIST_DEFAULT_PAGE_SIZE,
};

/** The query string of GET /ctpo/studies; empty values are left out by the api client. */
export function toStudyListParams(state: StudyListQueryState): Record<string, QueryValue> {
  const filters = Object.fromEntries(
    Object.entries(state.filters).map(([key, value]) => [key, value.trim()]),
  );
  return {
    search: state.search,
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    order: state.order,
    ...filters,
  };
}
