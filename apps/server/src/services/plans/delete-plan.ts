import {
  canDeletePlan,
  PLAN_DELETE_REFUSED_MESSAGE,
  PLAN_DELETED_MESSAGE,
  type EnrollmentPlanDeleteBody,
  type PlanReturnRow,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { forbidden, HttpError } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import {
  liveCombinationsUsing,
  refreshStudyPlanSummary,
  softDeletePlan,
} from '../../repositories/plans-repository';
import { planWriteTarget, withEditablePlan } from './guards/with-editable-plan';
import { isCreator } from './presenters/plan-presenter';

/**
 * POST /ctpo/study/{studyId}/EnrollmentPlanDelete: soft-deletes a Draft or Draft-Combo plan, only for its creator;
 * any other caller gets the spec's dialog text (403). A plan that a live combination uses stays until the
 * combination is deleted, so the combination never loses a constituent.
 */
export async function deletePlan(db: Db, user: AuthUser, studyId: number, body: EnrollmentPlanDeleteBody) {
  // Draft and Draft-Combo plans can be deleted; any other answers the spec's dialog text (403) below.
  const target = planWriteTarget(studyId, body, 'any');
  return withEditablePlan(db, user, target, async (tx, plan): Promise<PlanReturnRow[]> => {
    if (!canDeletePlan(plan, { readOnly: user.roles.readOnly, isCreator: isCreator(plan, user) })) {
      throw forbidden(PLAN_DELETE_REFUSED_MESSAGE);
    }
    const combinations = await liveCombinationsUsing(tx, plan.studyPlanId);
    if (combinations.length > 0) {
      throw new HttpError(
        409,
        `This plan is part of a combination plan (id ${combinations.join(', ')}). Delete the combination plan first.`,
      );
    }
    await softDeletePlan(tx, plan.studyPlanId, user.name);
    await refreshStudyPlanSummary(tx, studyId);
    await writeAudit(tx, user, {
      entity: 'study_plan',
      entityId: plan.studyPlanId,
      studyId,
      entityVersion: plan.rowVersion + 1,
      action: 'delete',
      oldValues: {
        studyPlanName: plan.studyPlanName,
        scenarioStatus: plan.scenarioStatus,
        studyPlanVersion: plan.studyPlanVersion,
      },
    });
    return [{ returnCode: '200', returnDesc: PLAN_DELETED_MESSAGE, studyPlanId: plan.studyPlanId, studyId }];
  });
}
