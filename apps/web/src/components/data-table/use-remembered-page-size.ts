import { useState } from 'react';
import { local } from '@/lib/storage';

function read(key: string | undefined, sizes: readonly number[], fallback: number): number {
  const stored = key ? Number(local.get(key)) : NaN;
  return sizes.includes(stored) ? stored : fallback;
}

/**
 * A table's page size, remembered between visits in local storage under `key` (spec/1 section 2, One study);
 * a stored size the table does not offer is ignored. Without a key it is only kept while the table is shown.
 */
export function useRememberedPageSize(key: string | undefined, sizes: readonly number[], fallback: number) {
  const [pageSize, setPageSizeState] = useState(() => read(key, sizes, fallback));
  const setPageSize = (size: number) => {
    setPageSizeState(size);
    if (key) local.set(key, String(size));
  };
  return [pageSize, setPageSize] as const;
}
