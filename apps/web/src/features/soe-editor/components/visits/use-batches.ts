import { SOE_LIMITS } from '@predict/shared';
import { useState } from 'react';

/** Lazy display (spec/2 section 2): rows show in batches of 50; a row added at the end is always shown. */
export function useBatches(total: number) {
  const [shown, setShown] = useState<number>(SOE_LIMITS.visitBatch);
  const limit = Math.max(shown, 0);
  return {
    limit,
    hidden: Math.max(total - limit, 0),
    showMore: () => setShown((n) => n + SOE_LIMITS.visitBatch),
    /** After Add Row: make the new last row visible. */
    reveal: (count: number) => setShown((n) => Math.max(n, count)),
  };
}
