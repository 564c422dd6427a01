import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { soeEditorKey, soeEditorQueries } from '../api/soe-editor-api';
import type { SoeEditorData } from '../state/editor-state';

/**
 * Loads the editor's study-level data in parallel; `data` is set once every read but the grid's answered, and
 * `data.mapping` once that one did too. The grid's read is the largest (200 x 300: a few seconds' worth of cells) and
 * is asked for last, so that on a database that answers one query at a time (the embedded one) it does not hold up
 * the tables a planner reads first.
 */
export function useSoeEditorData(soeId: number) {
  const q = soeEditorQueries(soeId);
  const results = useQueries({
    queries: [q.soe, q.visits, q.assessments, q.siteGroups, q.risks, q.sampling, q.mapping],
  });
  const [soe, visits, assessments, siteGroups, risks, sampling, mapping] = results;
  const queryClient = useQueryClient();
  // Every read the tables need; the grid's may still be on its way.
  const tablesLoaded = results.every((r) => r === mapping || r.data !== undefined);
  const error = results.find((r) => r.error)?.error ?? null;
  const data: SoeEditorData | undefined = useMemo(
    () =>
      tablesLoaded && soe.data!.data[0]
        ? {
            soe: soe.data!.data[0],
            visits: visits.data!,
            assessments: assessments.data!,
            mapping: mapping.data ?? null,
            risks: risks.data!,
            sampling: sampling.data!,
          }
        : undefined,
    // Each query's data keeps its identity until refetched.
    [tablesLoaded, soe.data, visits.data, assessments.data, mapping.data, risks.data, sampling.data],
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
    notFound: tablesLoaded && !soe.data!.data[0],
  };
}
