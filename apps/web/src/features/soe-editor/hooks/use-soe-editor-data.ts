import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { soeEditorKey, soeEditorQueries } from '../api/soe-editor-api';
import type { SoeEditorData } from '../state/editor-state';

/** Loads the editor's study-level data in parallel; `data` is set once every read answered. */
export function useSoeEditorData(soeId: number) {
  const q = soeEditorQueries(soeId);
  const results = useQueries({
    queries: [q.soe, q.visits, q.assessments, q.mapping, q.siteGroups, q.risks, q.sampling],
  });
  const [soe, visits, assessments, mapping, siteGroups, risks, sampling] = results;
  const queryClient = useQueryClient();
  const allLoaded = results.every((r) => r.data !== undefined);
  const error = results.find((r) => r.error)?.error ?? null;
  const data: SoeEditorData | undefined = useMemo(
    () =>
      allLoaded && soe.data!.data[0]
        ? {
            soe: soe.data!.data[0],
            visits: visits.data!,
            assessments: assessments.data!,
            mapping: mapping.data!,
            risks: risks.data!,
            sampling: sampling.data!,
          }
        : undefined,
    // Each query's data keeps its identity until refetched.
    [allLoaded, soe.data, visits.data, assessments.data, mapping.data, risks.data, sampling.data],
  );
  /** Refetches every read of this SOE (levels included); resolves when they answered. */
  const reload = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: soeEditorKey(soeId) });
  }, [queryClient, soeId]);
  return {
    data,
    siteGroups: siteGroups.data,
    refetchSiteGroups: siteGroups.refetch,
    error,
    reload,
    notFound: allLoaded && !soe.data!.data[0],
  };
}
