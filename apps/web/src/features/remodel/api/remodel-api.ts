import { queryOptions } from '@tanstack/react-query';
import { RemodelFormData, RemodelResponse, type RemodelFormBody } from '@predict/shared';
import { api, apiRequest } from '@/lib/api-client';

export const remodelKeys = {
  form: (studyId: number) => ['remodel', studyId, 'form'] as const,
};

/** GET /ctpo/remodel/study/{studyId}: the planned, actual and impact values the form starts from. */
export const remodelFormQueryOptions = (studyId: number) =>
  queryOptions({
    queryKey: remodelKeys.form(studyId),
    queryFn: ({ signal }) => api.get(`/ctpo/remodel/study/${studyId}`, RemodelFormData, { signal }),
  });

/** PATCH /ctpo/remodel/study/{studyId}: creates the Remodel plan; the first item names it. */
export const submitRemodel = (studyId: number, body: RemodelFormBody) =>
  apiRequest(`/ctpo/remodel/study/${studyId}`, { method: 'PATCH', body }).then((data) =>
    RemodelResponse.parse(data),
  );
