import { SOE_MESSAGES } from '@predict/shared';
import { useCallback } from 'react';
import { refreshSiteList } from '../api/soe-editor-api';

/** REFRESH SITE LIST: asks the server to refresh the study's sites, then reads the site groups again. */
export function useRefreshSites(studyId: number, soeId: number, refetchSiteGroups: () => Promise<unknown>) {
  return useCallback(async () => {
    const answer = await refreshSiteList(studyId, soeId);
    await refetchSiteGroups();
    return { message: answer?.message ?? SOE_MESSAGES.siteListRefreshed };
  }, [studyId, soeId, refetchSiteGroups]);
}
