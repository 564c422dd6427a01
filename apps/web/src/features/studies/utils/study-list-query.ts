import { SEARCH_WILDCARD, STUDY_LIST_DEFAULT_PAGE_SIZE, type StudySortColumn } from '@predict/shared';
import type { ColumnFiltersState } from '@tanstack/react-table';
import type { DateRangeValue } from '@/components/data-table';
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

/** The date columns, each filtered by a range sent as `{column}From` and `{column}To` (ISO days). */
const DATE_RANGE_COLUMNS = ['enrollmentPlanLastUpdate', 'soeLastUpdate'] as const;
type DateRangeColumn = (typeof DATE_RANGE_COLUMNS)[number];
const isDateRangeColumn = (id: string): id is DateRangeColumn =>
  (DATE_RANGE_COLUMNS as readonly string[]).includes(id);

/** The filter inputs as the table's column filters (one entry per filtered column, a date range as one). */
export function toColumnFilters(filters: StudyListFilters): ColumnFiltersState {
  const state: ColumnFiltersState = [];
  for (const [key, value] of Object.entries(filters)) {
    if (value !== '' && !/(From|To)$/.test(key)) state.push({ id: key, value });
  }
  for (const id of DATE_RANGE_COLUMNS) {
    const range: DateRangeValue = { from: filters[`${id}From`], to: filters[`${id}To`] };
    if (range.from !== '' || range.to !== '') state.push({ id, value: range });
  }
  return state;
}

/** The table's column filters back as the filter inputs; columns without a filter are ''. */
export function fromColumnFilters(state: ColumnFiltersState): StudyListFilters {
  const filters: StudyListFilters = { ...EMPTY_FILTERS };
  for (const { id, value } of state) {
    if (isDateRangeColumn(id)) {
      const range = value as DateRangeValue;
      filters[`${id}From`] = range.from;
      filters[`${id}To`] = range.to;
    } else if (id in filters) {
      (filters as unknown as Record<string, string>)[id] = String(value);
    }
  }
  return filters;
}

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
