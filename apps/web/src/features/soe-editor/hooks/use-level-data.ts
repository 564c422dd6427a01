import { useQuery } from '@tanstack/react-query';
import { useEffect, type Dispatch } from 'react';
import { soeLevelQueries } from '../api/soe-editor-api';
import type { EditorAction } from '../state/editor-reducer';

/** On a country or site tab: loads that level's own values and hands them to the working copy once. */
export function useLevelData(
  soeId: number,
  siteGroupId: number,
  siteId: number,
  dispatch: Dispatch<EditorAction>,
) {
  const study = siteGroupId === 0;
  const q = soeLevelQueries(soeId, siteGroupId, siteId);
  const visits = useQuery({ ...q.visits, enabled: !study });
  const assessments = useQuery({ ...q.assessments, enabled: !study });
  useEffect(() => {
    if (study || !visits.data || !assessments.data) return;
    dispatch({
      type: 'levelLoaded',
      siteGroupId,
      siteId,
      visits: visits.data,
      assessments: assessments.data,
    });
  }, [study, visits.data, assessments.data, siteGroupId, siteId, dispatch]);
  return {
    visits: visits.data,
    assessments: assessments.data,
    loading: !study && (visits.isPending || assessments.isPending),
    error: visits.error ?? assessments.error,
    retry: () => {
      void visits.refetch();
      void assessments.refetch();
    },
  };
}
