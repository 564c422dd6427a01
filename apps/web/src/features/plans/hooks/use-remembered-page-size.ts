import { PAGE_SIZES, STUDY_PAGE_DEFAULT_PAGE_SIZE } from '@predict/shared';
import { useState } from 'react';
import { local } from '@/lib/storage';

function read(key: string): number {
  const stored = Number(local.get(key));
  return (PAGE_SIZES as readonly number[]).includes(stored) ? stored : STUDY_PAGE_DEFAULT_PAGE_SIZE;
}

/** A table's page size, remembered between visits in localStorage (spec/1 section 2, One study). */
export function useRememberedPageSize(key: string) {
  const [pageSize, setPageSizeState] = useState(() => read(key));
  const setPageSize = (size: number) => {
    setPageSizeState(size);
    local.set(key, String(size));
  };
  return [pageSize, setPageSize] as const;
}
