import { SITE_GROUP_FETCH_FAILED_MESSAGE } from '@predict/shared';
import { useEffect } from 'react';
import { useNotify } from '@/components/snackbars';

/** 'Failed to fetch sitegroup' (spec/3 section 8), once per failed fetch. */
export function useFetchFailedSnackbar(error: Error | null) {
  const notify = useNotify();
  useEffect(() => {
    if (error) notify.error(SITE_GROUP_FETCH_FAILED_MESSAGE);
  }, [error, notify]);
}
