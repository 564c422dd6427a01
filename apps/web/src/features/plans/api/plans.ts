import {
  PlanReturnRow,
  SimulationStatus,
  StudyPlanListRow,
  type ClonePlanBody,
  type CombinationPlanBody,
  type EnrollmentPlanDeleteBody,
  type EnrollmentPlanSaveAsBody,
} from '@predict/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const PlanList = StudyPlanListRow.array();
const ReturnRows = PlanReturnRow.array();

export const studyPlansQueryKey = (studyId: number) => ['plans', 'study', studyId] as const;

export const studyPlansQueryOptions = (studyId: number) =>
  queryOptions({
    queryKey: studyPlansQueryKey(studyId),
    queryFn: ({ signal }) => api.get(`/ctpo/plans/study/${studyId}`, PlanList, { signal }),
  });

export function useStudyPlans(studyId: number) {
  return useQuery(studyPlansQueryOptions(studyId));
}

/**
 * The list answers carry their result in the first row; anything but returnCode '200' is a failure even when the
 * HTTP status was 2xx (spec/1 section 7).
 */
function firstOk(rows: PlanReturnRow[]): PlanReturnRow {
  const first = rows[0];
  if (!first || first.returnCode !== '200') throw new Error(first?.returnDesc ?? 'The request failed.');
  return first;
}

export const saveAsPlan = (studyId: number, body: EnrollmentPlanSaveAsBody) =>
  api.post(`/ctpo/study/${studyId}/EnrollmentPlanSaveAs`, body, ReturnRows).then(firstOk);

export const deletePlan = (studyId: number, body: EnrollmentPlanDeleteBody) =>
  api.post(`/ctpo/study/${studyId}/EnrollmentPlanDelete`, body, ReturnRows).then(firstOk);

export const clonePlan = (body: ClonePlanBody) => api.post('/ctpo/clone', body, ReturnRows).then(firstOk);

export const createCombinationPlan = (studyId: number, body: CombinationPlanBody) =>
  api.post(`/ctpo/cohort/study/${studyId}`, body, ReturnRows).then(firstOk);

/** POST /ctpo/runsimulation: records (or answers the unfinished) run of a Draft plan. */
export const requestSimulationRun = (studyPlanId: number) =>
  api.post('/ctpo/runsimulation', { studyPlanId }, SimulationStatus);
