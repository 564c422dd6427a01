import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { actualsKeys, actualsQueryOptions, loadActuals } from '../api/actuals-api';

/** The study's actuals rows, baseline plan and extract (GET /ctpo/actuals/study/{studyId}). */
export function useActuals(studyId: number) {
  return useQuery(actualsQueryOptions(studyId));
}

/** IMPORT ACTUALS: recomputes the rows on the server, then reads them and the site lists again. */
export function useLoadActuals(studyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => loadActuals(studyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: actualsKeys.all(studyId) }),
  });
}
