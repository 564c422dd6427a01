import { FILTER_DEBOUNCE_MS } from '@predict/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';
import {
  filtersFromSearch,
  pagingFromSearch,
  toSearch,
  type AuditFilterInputs,
} from '../utils/audit-trail-search';

/**
 * The viewer's filters and page, kept in the address: what the inputs show now, and what was committed (and is
 * fetched). Typing is committed after a pause, with page 0; chips and paging at once.
 */
export function useAuditTrailState() {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  const committed = useMemo(() => filtersFromSearch(new URLSearchParams(key)), [key]);
  const { page, pageSize } = pagingFromSearch(search);
  const [inputs, setInputs] = useState(committed);
  const [seenKey, setSeenKey] = useState(key);
  // The address this screen wrote last: its own commits must not undo what was typed since.
  const ownKey = useRef(key);
  // A new address from elsewhere (a History link, Back) replaces what the inputs show.
  if (key !== seenKey) {
    setSeenKey(key);
    if (key !== ownKey.current) setInputs(committed);
  }

  const commit = useCallback(
    (filters: AuditFilterInputs, nextPage = 0, nextSize = pageSize) => {
      ownKey.current = toSearch(filters, nextPage, nextSize);
      setSearch(ownKey.current, { replace: true });
    },
    [setSearch, pageSize],
  );
  const debouncedCommit = useDebouncedCallback(commit, FILTER_DEBOUNCE_MS);

  return {
    committed,
    inputs,
    page,
    pageSize,
    setFilters: (next: AuditFilterInputs) => {
      setInputs(next);
      debouncedCommit(next);
    },
    setFiltersNow: (next: AuditFilterInputs) => {
      debouncedCommit.cancel();
      setInputs(next);
      commit(next);
    },
    setPaging: (nextPage: number, nextSize: number) => {
      debouncedCommit.cancel();
      commit(inputs, nextSize === pageSize ? nextPage : 0, nextSize);
    },
  };
}
