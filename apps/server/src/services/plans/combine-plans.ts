import {
  combinationTypeDetail,
  PLAN_TYPE_DURATION,
  PLAN_TYPE_RATES,
  validateCombinationForm,
  type CombinationPlanBody,
  type PlanReturnRow,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { badRequest, INVALID_REQUEST_MESSAGE, notFound, SAME_STUDY_MESSAGE } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import {
  findLivePlansInStudy,
  insertCombinationMembers,
  insertPlan,
  livePlanNames,
  refreshStudyPlanSummary,
} from '../../repositories/plans-repository';
import { requireStudy } from '../studies/guards/require-study';
import { withUniqueName } from './guards/plan-guards';

/** The body is a list of chosen plans; the new plan's name and description ride on its first row. */
const FIELD_PATHS: Record<string, string> = {
  studyPlanName: 'body.0.studyPlanName',
  studyPlanDescr: 'body.0.studyPlanDescr',
  plans: 'body',
};

/**
 * POST /ctpo/cohort/study/{studyId}: creates a combination plan (scenario C, status Draft-Combo) from at least two of
 * the study's Duration, Rates or Cohort (D) plans. It is Combination (R) when every constituent is a Rates plan,
 * else Combination (D) (see combinationTypeDetail).
 */
export async function createCombination(
  db: Db,
  user: AuthUser,
  studyId: number,
  rows: CombinationPlanBody,
): Promise<PlanReturnRow[]> {
  await requireStudy(db, studyId);
  const foreign = rows.findIndex((r) => r.studyId !== studyId);
  if (foreign >= 0) {
    throw badRequest(INVALID_REQUEST_MESSAGE, [
      { path: `body.${foreign}.studyId`, message: SAME_STUDY_MESSAGE },
    ]);
  }
  const memberIds = [...new Set(rows.map((r) => r.studyPlanId))];
  const name = rows[0]?.studyPlanName;
  const descr = rows[0]?.studyPlanDescr;
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const members = await findLivePlansInStudy(tx, studyId, memberIds);
      if (members.length !== memberIds.length) throw notFound('Plan');
      const ordered = memberIds.map((id) => members.find((m) => m.studyPlanId === id)!);
      const errors = validateCombinationForm(
        { studyPlanName: name, studyPlanDescr: descr, plans: ordered },
        { existingNames: await livePlanNames(tx, studyId) },
      );
      if (errors.length > 0) {
        throw badRequest(
          INVALID_REQUEST_MESSAGE,
          errors.map((e) => ({ path: FIELD_PATHS[e.field] ?? `body.${e.field}`, message: e.message })),
        );
      }
      const detail = combinationTypeDetail(ordered.map((m) => m.studyPlanTypeDetail));
      const now = new Date();
      const plan = await insertPlan(tx, {
        studyId,
        studyPlanName: name!.trim(),
        studyPlanDescr: descr!.trim(),
        studyPlanType: detail === 'Combination (R)' ? PLAN_TYPE_RATES : PLAN_TYPE_DURATION,
        studyPlanTypeDetail: detail,
        scenarioStatus: 'Draft-Combo',
        ownedBy: user.name,
        createdByIssuer: user.issuer,
        createdBySubject: user.subject,
        insertBy: user.name,
        insertDate: now,
        updateBy: user.name,
        updateDate: now,
      });
      await insertCombinationMembers(tx, plan.studyPlanId, memberIds);
      await refreshStudyPlanSummary(tx, studyId);
      await writeAudit(tx, user, {
        entity: 'study_plan',
        entityId: plan.studyPlanId,
        studyId,
        entityVersion: plan.rowVersion,
        action: 'create',
        newValues: {
          studyPlanName: plan.studyPlanName,
          studyPlanDescr: plan.studyPlanDescr,
          studyPlanTypeDetail: detail,
          scenarioStatus: plan.scenarioStatus,
          memberPlanIds: memberIds,
        },
      });
      return [{ returnCode: '200', studyPlanId: plan.studyPlanId, studyId }];
    }),
  );
}
