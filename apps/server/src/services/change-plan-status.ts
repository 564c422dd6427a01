import {
  canDeletePlan,
  DRAFT_STATUSES,
  PLAN_DELETE_REFUSED_MESSAGE,
  PLAN_DELETED_MESSAGE,
  saveAsOptions,
  saveAsStatusMessage,
  type EnrollmentPlanDeleteBody,
  type EnrollmentPlanSaveAsBody,
  type PlanReturnRow,
} from '@predict/shared';
import type { AuthUser } from '../auth/types';
import type { Db } from '../db/client';
import { forbidden, HttpError } from '../http-errors';
import { writeAudit } from '../repositories/audit-repository';
import {
  liveCombinationsUsing,
  lockLivePlan,
  refreshStudyPlanSummary,
  softDeletePlan,
  updatePlan,
} from '../repositories/plans-repository';
import {
  invalidBody,
  requireCurrentVersion,
  requirePlanOfStudy,
  requireSameStudy,
  requireStudy,
} from './plan-guards';
import { isCreator } from './plan-presenter';

/**
 * POST /ctpo/study/{studyId}/EnrollmentPlanSaveAs: sets a status from the Save As menu of the plan's type. Choosing
 * Draft (Draft-Combo for combinations) makes a new draft version: studyPlanVersion goes up by one. Choosing a
 * non-draft status publishes the plan (publishBy / publishTs).
 */
export async function changePlanStatus(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: EnrollmentPlanSaveAsBody,
) {
  await requireStudy(db, studyId);
  requireSameStudy(body.studyId, studyId);
  return db.transaction(async (tx): Promise<PlanReturnRow[]> => {
    const plan = requirePlanOfStudy(await lockLivePlan(tx, body.studyPlanId), studyId);
    requireCurrentVersion(plan, body.rowVersion);
    const allowed = saveAsOptions(plan.studyPlanTypeDetail);
    if (!allowed.includes(body.scenarioStatus)) {
      throw invalidBody([
        { field: 'scenarioStatus', message: saveAsStatusMessage(plan.studyPlanTypeDetail, allowed) },
      ]);
    }
    const isDraft = DRAFT_STATUSES.includes(body.scenarioStatus);
    const now = new Date();
    const updated = await updatePlan(tx, plan.studyPlanId, {
      scenarioStatus: body.scenarioStatus,
      studyPlanVersion: isDraft ? plan.studyPlanVersion + 1 : plan.studyPlanVersion,
      ...(isDraft ? {} : { publishBy: user.name, publishTs: now }),
      updateBy: user.name,
      updateDate: now,
    });
    await refreshStudyPlanSummary(tx, studyId);
    await writeAudit(tx, user, {
      entity: 'study_plan',
      entityId: plan.studyPlanId,
      entityVersion: updated.rowVersion,
      action: 'status',
      oldValues: { scenarioStatus: plan.scenarioStatus, studyPlanVersion: plan.studyPlanVersion },
      newValues: { scenarioStatus: updated.scenarioStatus, studyPlanVersion: updated.studyPlanVersion },
    });
    return [
      {
        returnCode: '200',
        studyPlanId: updated.studyPlanId,
        studyId,
        scenarioStatus: body.scenarioStatus,
        studyPlanVersion: updated.studyPlanVersion,
        rowVersion: updated.rowVersion,
      },
    ];
  });
}

/**
 * POST /ctpo/study/{studyId}/EnrollmentPlanDelete: soft-deletes a Draft or Draft-Combo plan, only for its creator;
 * any other caller gets the spec's dialog text (403). A plan that a live combination uses stays until the
 * combination is deleted, so the combination never loses a constituent.
 */
export async function deletePlan(db: Db, user: AuthUser, studyId: number, body: EnrollmentPlanDeleteBody) {
  await requireStudy(db, studyId);
  requireSameStudy(body.studyId, studyId);
  return db.transaction(async (tx): Promise<PlanReturnRow[]> => {
    const plan = requirePlanOfStudy(await lockLivePlan(tx, body.studyPlanId), studyId);
    if (body.rowVersion !== undefined) requireCurrentVersion(plan, body.rowVersion);
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
