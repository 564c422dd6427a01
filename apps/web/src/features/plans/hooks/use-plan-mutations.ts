import {
  PLAN_DELETED_MESSAGE,
  PLAN_VERSION_CONFLICT_MESSAGE,
  type ClonePlanBody,
  type CombinationPlanBody,
  type PlanStatus,
  type StudyPlanListRow,
} from '@predict/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '@/components/snackbars';
import { isApiError } from '@/lib/api-client';
import { clonePlan, createCombinationPlan, deletePlan, saveAsPlan, studyPlansQueryKey } from '../api/plans';

export const COMBINATION_CREATED_MESSAGE = 'Study plan created successfully.';
export const COMBINATION_FAILED_MESSAGE = 'Unable to create study plan. Please try again.';
export const DELETE_FAILED_MESSAGE = 'Failed to Delete Enrollment Plan';
/** Ours: the spec names no message for a status change; plan save failures read 'Failed to save plan.'. */
export const saveAsDoneMessage = (status: string) => `Study plan saved as ${status}.`;
export const SAVE_AS_FAILED_MESSAGE = 'Failed to save plan.';

function useRefreshPlans(studyId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: studyPlansQueryKey(studyId) });
}

/** Save As: a stale row version (409) tells the user and reloads the list so the next try uses fresh data. */
export function useSaveAsPlan(studyId: number) {
  const notify = useNotify();
  const refresh = useRefreshPlans(studyId);
  return useMutation({
    mutationFn: ({ plan, status }: { plan: StudyPlanListRow; status: PlanStatus }) =>
      saveAsPlan(studyId, {
        studyPlanId: plan.studyPlanId,
        scenarioStatus: status,
        rowVersion: plan.rowVersion,
      }),
    onSuccess: (_, { status }) => notify.success(saveAsDoneMessage(status)),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) notify.warning(PLAN_VERSION_CONFLICT_MESSAGE);
      else notify.error(SAVE_AS_FAILED_MESSAGE);
    },
    onSettled: refresh,
  });
}

/** Delete: a 403 is not a snackbar but the dialog's "contact the Creator" text, so the caller handles it. */
export function useDeletePlan(studyId: number) {
  const notify = useNotify();
  const refresh = useRefreshPlans(studyId);
  return useMutation({
    mutationFn: (plan: StudyPlanListRow) =>
      deletePlan(studyId, { studyId, studyPlanId: plan.studyPlanId, rowVersion: plan.rowVersion }),
    onSuccess: () => notify.success(PLAN_DELETED_MESSAGE),
    onError: (error) => {
      if (!(isApiError(error) && error.status === 403)) notify.error(DELETE_FAILED_MESSAGE);
    },
    onSettled: refresh,
  });
}

/** Clone: failures are only logged (spec/1 section 8); 400 field messages are shown by the dialog. */
export function useClonePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClonePlanBody) => clonePlan(body),
    onSuccess: (row) => {
      if (row.studyId !== undefined)
        void queryClient.invalidateQueries({ queryKey: studyPlansQueryKey(row.studyId) });
    },
    onError: (error) => console.error('Cloning the study plan failed.', error),
  });
}

export function useCreateCombinationPlan(studyId: number) {
  const notify = useNotify();
  const refresh = useRefreshPlans(studyId);
  return useMutation({
    mutationFn: (body: CombinationPlanBody) => createCombinationPlan(studyId, body),
    onSuccess: () => {
      notify.success(COMBINATION_CREATED_MESSAGE);
      return refresh();
    },
    onError: () => notify.error(COMBINATION_FAILED_MESSAGE),
  });
}
