import {
  AdminSiteGroup,
  EnrollmentPlanStep2Response,
  MilestoneDatesResponse,
  type EnrollmentPlanStep2Input,
  type MilestoneDatesInput,
} from '@predict/shared';
import { api } from '@/lib/api-client';

/** Save Draft of step 2: the changed countries of the five tables, based on the plan's rowVersion. */
export const saveStep2 = (studyId: number, body: EnrollmentPlanStep2Input) =>
  api.post(`/ctpo/study/${studyId}/EnrollmentPlanStep2`, body, EnrollmentPlanStep2Response);

/** The country milestone dates of the plan with the unsaved rows applied (nothing is written). */
export const fetchMilestoneDates = (body: MilestoneDatesInput) =>
  api.post('/ctpo/milestonedates', body, MilestoneDatesResponse);

/**
 * A site group's reference data (everyone signed in may read it): its activation profile is what the server scales
 * to a country's sites for the default profile, so the page previews the same one.
 */
export const fetchSiteGroupReference = (siteGroupId: number, signal?: AbortSignal) =>
  api.get(`/ctpo/admin/sitegroup/${siteGroupId}`, AdminSiteGroup, { signal });
