import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { fetchMilestoneDates } from '../api/plan-countries-api';
import type { Step2Tables } from '../utils/step2-rows';

/** Milestone dates are recomputed 500 ms after the last change, not on every keystroke. */
export const MILESTONE_DATES_DEBOUNCE_MS = 500;

/**
 * POST /ctpo/milestonedates with the unsaved rows: the dates the saved plan plus those edits give. While a new
 * answer is on its way the previous one stays on screen; a refused body (a value out of range) keeps it too.
 */
export function useMilestoneDates(
  planId: number,
  rowVersion: number,
  unsaved: Step2Tables,
  enabled: boolean,
) {
  const key = useDebouncedValue(JSON.stringify(unsaved), MILESTONE_DATES_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['plan-countries', 'milestonedates', planId, rowVersion, key],
    queryFn: () => fetchMilestoneDates({ studyPlanId: planId, ...(JSON.parse(key) as Step2Tables) }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}
