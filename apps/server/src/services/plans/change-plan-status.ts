import {
  BASELINE_STATUS,
  DRAFT_STATUSES,
  saveAsOptions,
  saveAsStatusMessage,
  type EnrollmentPlanSaveAsBody,
  type PlanReturnRow,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { writeAudit } from '../../repositories/audit-repository';
import { lockBaselineRecord } from '../forecast-records/lock-baseline-record';
import { refreshStudyPlanSummary, updatePlan } from '../../repositories/plans-repository';
import { invalidBody } from './guards/plan-guards';
import { planWriteTarget, withEditablePlan } from './guards/with-editable-plan';

/**
 * POST /ctpo/study/{studyId}/EnrollmentPlanSaveAs: sets a status from the Save As menu of the plan's type. Choosing
 * Draft (Draft-Combo for combinations) makes a new draft version: studyPlanVersion goes up by one. Choosing a
 * non-draft status publishes the plan (publishBy / publishTs). Choosing Baseline Plan also locks the plan's newest
 * forecast of record as its baseline of record (lock-baseline-record.ts), audited in the same transaction.
 */
export async function changePlanStatus(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: EnrollmentPlanSaveAsBody,
) {
  // Save As also moves a published plan back to Draft: the allowed statuses are the menu's.
  const target = planWriteTarget(studyId, body, 'any');
  return withEditablePlan(db, user, target, async (tx, plan): Promise<PlanReturnRow[]> => {
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
    const locked = body.scenarioStatus === BASELINE_STATUS ? await lockBaselineRecord(tx, plan) : null;
    await writeAudit(
      tx,
      user,
      {
        entity: 'study_plan',
        entityId: plan.studyPlanId,
        studyId,
        entityVersion: updated.rowVersion,
        action: 'status',
        oldValues: { scenarioStatus: plan.scenarioStatus, studyPlanVersion: plan.studyPlanVersion },
        newValues: { scenarioStatus: updated.scenarioStatus, studyPlanVersion: updated.studyPlanVersion },
      },
      ...(locked ? [locked] : []),
    );
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
