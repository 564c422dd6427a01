import {
  FILTER_DEBOUNCE_MS,
  SEARCH_WILDCARD,
  STUDY_SEARCH_DEBOUNCE_MS,
  sanitizeSearchText,
  type StudySortColumn,
} from '@predict/shared';
import { useCallback, useState } from 'react';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';
import {
  EMPTY_FILTERS,
  INITIAL_STUDY_LIST_QUERY,
  type StudyListFilters,
  type StudyListQueryState,
} from '../utils/study-list-query';

/**
 * State of the study list: what the inputs show, and the debounced query sent to the server.
 * A new search or filter is committed together with page 0, in one update, so that exactly one request goes out.
 */
export function useStudyListState() {
  const [searchInput, setSearchInputState] = useState(SEARCH_WILDCARD);
  const [filterInputs, setFilterInputs] = useState<StudyListFilters>(EMPTY_FILTERS);
  const [query, setQuery] = useState<StudyListQueryState>(INITIAL_STUDY_LIST_QUERY);

  const commitSearch = useCallback((text: string) => {
    const search = sanitizeSearchText(text);
    setQuery((q) => (q.search === search ? q : { ...q, search, page: 0 }));
  }, []);
  const debouncedSearch = useDebouncedCallback(commitSearch, STUDY_SEARCH_DEBOUNCE_MS);

  const commitFilters = useCallback((filters: StudyListFilters) => {
    setQuery((q) => ({ ...q, filters, page: 0 }));
  }, []);
  const debouncedFilters = useDebouncedCallback(commitFilters, FILTER_DEBOUNCE_MS);

  const setSearchInput = (text: string) => {
    setSearchInputState(text);
    debouncedSearch(text);
  };

  /** Enter in the search box searches at once. */
  const submitSearch = () => {
    debouncedSearch.cancel();
    commitSearch(searchInput);
  };

  const setFilters = (next: StudyListFilters) => {
    setFilterInputs(next);
    debouncedFilters(next);
  };

  const setSort = (sort: StudySortColumn, order: 'asc' | 'desc') =>
    setQuery((q) => ({ ...q, sort, order, page: 0 }));
  const setPage = (page: number) => setQuery((q) => ({ ...q, page }));
  const setPageSize = (pageSize: number) => setQuery((q) => ({ ...q, pageSize, page: 0 }));

  return {
    searchInput,
    setSearchInput,
    submitSearch,
    filterInputs,
    setFilters,
    query,
    setSort,
    setPage,
    setPageSize,
  };
}
