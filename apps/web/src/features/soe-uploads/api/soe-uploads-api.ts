import {
  CountryDefaultCostAnswer,
  EpriceFileAnswer,
  epriceFileAttrs,
  SoeDetailAnswer,
  SoeUploadAnswer,
  type AssessmentDefaultCostBody,
  type EpriceUploadType,
  type SoeUploadCountryBody,
  type SoeUploadSiteBody,
} from '@predict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The ePrice upload's status is read every 10 seconds (spec/2 sections 4 and 9). */
export const EPRICE_POLL_MS = 10_000;

/**
 * The SOE read for its uploadStatus, under its own key: the editor's working copy (staleTime Infinity) must not be
 * replaced by the polling.
 */
export const uploadStatusQuery = (soeId: number) =>
  queryOptions({
    queryKey: ['soe-upload-status', soeId],
    queryFn: ({ signal }) => api.get(`/ctpo/soe/${soeId}`, SoeDetailAnswer, { signal }),
    staleTime: 0,
  });

export interface EpriceUpload {
  studyId: number;
  soeId: number;
  fileName: string;
  encodedData: string;
  uploadType: EpriceUploadType;
  /** The pdf page numbers as typed (comma-separated integers); empty sends none. */
  pdfPageNumbers: string;
  userName: string;
}

/** Upload ePrice: the file as base64 with its attributes (spec/2 section 7, POST /ctpo/files); a queued job. */
export const uploadEprice = (u: EpriceUpload) =>
  api.post(
    '/ctpo/files',
    {
      FileType: 'ePrice',
      FileName: u.fileName,
      encodedData: u.encodedData,
      FileAttrs: epriceFileAttrs({
        scheduleOfEventsId: u.soeId,
        studyId: u.studyId,
        uploadType: u.uploadType,
        pdfPageNumbers: u.pdfPageNumbers.trim() || null,
      }),
      Description: 'ePrice',
      InsertedBy: u.userName,
    },
    EpriceFileAnswer,
  );

/** A country's default assessment costs (spec/2 section 7, defaultcost). */
export const defaultCostsQuery = (soeId: number, siteGroupId: number) =>
  queryOptions({
    queryKey: ['soe-default-costs', soeId, siteGroupId],
    queryFn: ({ signal }) =>
      api.get(`/ctpo/soe/${soeId}/defaultcost/sitegroup/${siteGroupId}`, CountryDefaultCostAnswer, {
        signal,
      }),
  });

export const applyDefaultCosts = (studyId: number, body: AssessmentDefaultCostBody) =>
  api.post(`/ctpo/study/${studyId}/AssessmentDefaultCost`, body, SoeUploadAnswer);

export const uploadCountryCosts = (studyId: number, body: SoeUploadCountryBody) =>
  api.post(`/ctpo/study/${studyId}/SOEUploadCountry`, body, SoeUploadAnswer);

export const uploadSiteContract = (studyId: number, body: SoeUploadSiteBody) =>
  api.post(`/ctpo/study/${studyId}/SOEUploadSite`, body, SoeUploadAnswer);
