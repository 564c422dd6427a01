import {
  CountryOption,
  CtisPlanResponse,
  EnrollmentPlanCountryAddResponse,
  ReturnCodeResponse,
  SiteGroupOption,
  type CountryPatchBody,
  type CtisSubmissionBody,
  type EnrollmentPlanCountryAddBody,
  type EnrollmentPlanCountryDeleteBody,
} from '@predict/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { planQueryOptions } from '@/features/plan-shell';
import { api, apiRequest } from '@/lib/api-client';

const SiteGroupOptions = SiteGroupOption.array();
const CountryOptions = CountryOption.array();

/** The site groups Add Country offers (GET /ctpo/sitegroups), with their day counts. */
export const siteGroupOptionsQuery = () =>
  queryOptions({
    queryKey: ['country-dialogs', 'sitegroups'],
    queryFn: ({ signal }) => api.get('/ctpo/sitegroups', SiteGroupOptions, { signal }),
    staleTime: 5 * 60_000,
  });

export const countryOptionsQuery = () =>
  queryOptions({
    queryKey: ['country-dialogs', 'countries'],
    queryFn: ({ signal }) => api.get('/ctpo/countries', CountryOptions, { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * Read again at every opening of the dialog (the cached list shows meanwhile): an admin may have changed a site
 * group's days since, and the added country copies the values of the moment.
 */
export const useSiteGroupOptions = (enabled: boolean) =>
  useQuery({ ...siteGroupOptionsQuery(), enabled, refetchOnMount: 'always' });
export const useCountryOptions = (enabled: boolean) => useQuery({ ...countryOptionsQuery(), enabled });

export const ctisPlanQuery = (planId: number) =>
  queryOptions({
    queryKey: ['country-dialogs', 'ctis', planId],
    queryFn: ({ signal }) => api.get(`/ctpo/ctis/plan/${planId}`, CtisPlanResponse, { signal }),
  });

export const addCountry = (studyId: number, body: EnrollmentPlanCountryAddBody) =>
  api.post(`/ctpo/study/${studyId}/EnrollmentPlanCountryAdd`, body, EnrollmentPlanCountryAddResponse);

export const deleteCountry = (studyId: number, body: EnrollmentPlanCountryDeleteBody) =>
  api.post(`/ctpo/study/${studyId}/EnrollmentPlanCountryDelete`, body, ReturnCodeResponse);

export const patchCountry = (body: CountryPatchBody) =>
  apiRequest('/ctpo/country', { method: 'PATCH', body }).then((data) => ReturnCodeResponse.parse(data));

export const saveCtisSubmission = (studyId: number, body: CtisSubmissionBody) =>
  api.post(`/ctpo/study/${studyId}/CtisSubmission`, body);

/** A write changes the plan (and its rowVersion): the plan and its CTIS rows are read again. */
export function useRefreshPlan(planId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: planQueryOptions(planId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['country-dialogs', 'ctis', planId] }),
      ]),
    [queryClient, planId],
  );
}
