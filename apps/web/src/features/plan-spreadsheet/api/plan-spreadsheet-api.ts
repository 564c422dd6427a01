import {
  EnrollmentPlanUploadResponse,
  PLAN_TEMPLATE_PATH,
  StudyPlan,
  type EnrollmentPlanUploadInput,
} from '@predict/shared';
import { api } from '@/lib/api-client';

/** The plan as GET /ctpo/plan/{planId} answers it now (the export reads it fresh, not from the page's cache). */
export const fetchPlan = (planId: number) => api.get(`/ctpo/plan/${planId}`, StudyPlan);

/** The plan template the web app serves as a static asset (spec/1 section 7). */
export async function fetchTemplate(): Promise<ArrayBuffer> {
  const response = await fetch(PLAN_TEMPLATE_PATH, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The plan template could not be loaded (${response.status}).`);
  return response.arrayBuffer();
}

export const uploadPlan = (studyId: number, body: EnrollmentPlanUploadInput) =>
  api.post(`/ctpo/study/${studyId}/EnrollmentPlanUpload`, body, EnrollmentPlanUploadResponse);
