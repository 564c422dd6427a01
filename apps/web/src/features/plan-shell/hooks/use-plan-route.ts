import { canEditPlan, isNewPlanId, type StudyPlan } from '@predict/shared';
import { useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { parseStudyId } from '@/features/study';
import { isApiError } from '@/lib/api-client';
import { usePlan } from '../api/plan-api';
import { planKindFromQuery, planKindOf, type PlanKind } from '../utils/plan-form-model';

export type PlanRouteState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'bad-kind'; studyId: number }
  | { status: 'error'; retry: () => void }
  | {
      status: 'ready';
      studyId: number;
      /** The id in the address: a number for saved plans, the new-plan text otherwise. */
      planParam: string;
      plan: StudyPlan | undefined;
      kind: PlanKind;
      isNew: boolean;
      readOnly: boolean;
      /** The user may change this plan (Draft and not read-only); a new plan is editable unless read-only. */
      editable: boolean;
    };

const parsePlanId = (param: string | undefined) => {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
};

/** Everything the three step routes read from their address: study, plan, its kind and the user's rights. */
export function usePlanRoute(): PlanRouteState {
  const { studyId: studyParam, planId: planParam = '' } = useParams();
  const [search] = useSearchParams();
  const { roles } = useCurrentUser();
  const studyId = parseStudyId(studyParam);
  const isNew = isNewPlanId(planParam);
  const planId = isNew ? null : parsePlanId(planParam);
  const plan = usePlan(planId);

  if (studyId === null || (!isNew && planId === null)) return { status: 'not-found' };
  const base = { studyId, planParam, readOnly: roles.readOnly, isNew };
  if (isNew) {
    const kind = planKindFromQuery(search);
    if (!kind) return { status: 'bad-kind', studyId };
    return { status: 'ready', ...base, plan: undefined, kind, editable: !roles.readOnly };
  }
  if (isApiError(plan.error) && plan.error.status === 404) return { status: 'not-found' };
  if (plan.isError) return { status: 'error', retry: () => void plan.refetch() };
  if (!plan.data) return { status: 'loading' };
  // A plan of another study under this address is treated as unknown rather than edited in the wrong study.
  if (plan.data.studyId !== studyId) return { status: 'not-found' };
  return {
    status: 'ready',
    ...base,
    plan: plan.data,
    kind: planKindOf(plan.data),
    editable: canEditPlan(plan.data, roles),
  };
}
