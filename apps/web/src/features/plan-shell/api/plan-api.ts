import {
  EnrollmentPlanStep1Response,
  StudyPlan,
  StudyPlanListRow,
  type EnrollmentPlanStep1Input,
} from '@predict/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const planQueryOptions = (planId: number) =>
  queryOptions({
    queryKey: ['plan-editor', 'plan', planId],
    queryFn: ({ signal }) => api.get(`/ctpo/plan/${planId}`, StudyPlan, { signal }),
  });

/** One saved plan; disabled for unsaved new plans (planId null). */
export function usePlan(planId: number | null) {
  return useQuery({ ...planQueryOptions(planId ?? 0), enabled: planId !== null });
}

const PlanRows = StudyPlanListRow.array();

/** The study's plans, for the name-uniqueness rule. */
export function useStudyPlanRows(studyId: number | null) {
  return useQuery({
    queryKey: ['plan-editor', 'study-plans', studyId],
    queryFn: ({ signal }) => api.get(`/ctpo/plans/study/${studyId}`, PlanRows, { signal }),
    enabled: studyId !== null,
  });
}

export const saveStep1 = (studyId: number, body: EnrollmentPlanStep1Input) =>
  api.post(`/ctpo/study/${studyId}/EnrollmentPlanStep1`, body, EnrollmentPlanStep1Response);
