import { FILTER_DEBOUNCE_MS } from '@predict/shared';
import { useState } from 'react';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';
import type { SiteFilters, SiteTab } from '../utils/site-rows';

type PerTab<T> = Record<SiteTab, T>;

const perTab = <T>(value: T): PerTab<T> => ({ included: value, closed: value, notIncluded: value });

/**
 * The site list's filters per tab: what the inputs show at once, and what filters the rows 500 ms after the last
 * keystroke (spec/3 section 9); applying a filter sends that tab back to its first page.
 */
export function useSiteListFilters() {
  const [inputs, setInputs] = useState<PerTab<SiteFilters>>(perTab({}));
  const [applied, setApplied] = useState<PerTab<SiteFilters>>(perTab({}));
  const [pages, setPages] = useState<PerTab<number>>(perTab(0));

  const commit = useDebouncedCallback((tab: SiteTab, filters: SiteFilters) => {
    setApplied((a) => ({ ...a, [tab]: filters }));
    setPages((p) => ({ ...p, [tab]: 0 }));
  }, FILTER_DEBOUNCE_MS);

  const setInput = (tab: SiteTab, next: SiteFilters) => {
    setInputs((i) => ({ ...i, [tab]: next }));
    commit(tab, next);
  };

  const setPage = (tab: SiteTab, page: number) => setPages((p) => ({ ...p, [tab]: page }));

  return { inputs, applied, pages, setInput, setPage };
}
