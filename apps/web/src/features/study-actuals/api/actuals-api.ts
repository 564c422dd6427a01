import { queryOptions } from '@tanstack/react-query';
import {
  ActualsResponse,
  CtmsExtractLoadResponse,
  SiteListResponse,
  type CtmsExtractUploadBody,
} from '@predict/shared';
import { api } from '@/lib/api-client';

export const actualsKeys = {
  all: (studyId: number) => ['actuals', studyId] as const,
  rows: (studyId: number) => ['actuals', studyId, 'rows'] as const,
  sites: (studyId: number) => ['actuals', studyId, 'sites'] as const,
};

export const actualsQueryOptions = (studyId: number) =>
  queryOptions({
    queryKey: actualsKeys.rows(studyId),
    queryFn: ({ signal }) => api.get(`/ctpo/actuals/study/${studyId}`, ActualsResponse, { signal }),
  });

/** IMPORT ACTUALS: recomputes the rows from the latest extract and the Baseline Plan (spec/3 section 7). */
export const loadActuals = (studyId: number) =>
  api.get(`/ctpo/loadactuals/study/${studyId}`, ActualsResponse);

export const fetchSitesIncluded = (studyId: number, signal?: AbortSignal) =>
  api.get(`/ctpo/remodel/study/${studyId}/sites/included`, SiteListResponse, { signal });

export const fetchSitesNotIncluded = (studyId: number, signal?: AbortSignal) =>
  api.get(`/ctpo/remodel/study/${studyId}/sites/notincluded`, SiteListResponse, { signal });

/** The CTMS extract upload: the chosen xlsx as base64, checked and applied all or nothing by the server. */
export const uploadExtract = (studyId: number, body: CtmsExtractUploadBody) =>
  api.post(`/ctpo/study/${studyId}/CtmsExtract/upload`, body, CtmsExtractLoadResponse);
