import { EDITABLE_STATUS, PLAN_NOT_EDITABLE_MESSAGE, REQUIRED_MESSAGE } from '@predict/shared';
import type { AuthUser } from '../../../auth/types';
import type { Db, Tx } from '../../../db/client';
import { forbidden, HttpError, notFound } from '../../../http-errors';
import { lockLivePlan, type PlanRow } from '../../../repositories/plans-repository';
import { requireStudy } from '../../studies/guards/require-study';
import { invalidBody, PlanVersionConflict, requireSameStudy } from './plan-guards';

/** The route guard's answer to a read-only caller; repeated here so a service called directly refuses too. */
export const READ_ONLY_MESSAGE = 'You have read-only access.';

/** Which plan a write targets, and what it was based on. */
export interface PlanWriteTarget {
  /** The study of the address; null when the route has none (PATCH /ctpo/country). */
  studyId: number | null;
  /** The study id the body sent, if any: it has to be the study of the address (400). */
  bodyStudyId?: number | null;
  planId: number;
  /** The version the write was based on: missing is a 400, an older one a 409 with the current version. */
  rowVersion: number | undefined;
  /**
   * 'draft' (default): only Draft plans (409 otherwise). 'any': the write decides (Save As changes the status of a
   * published plan; Delete answers its own 403 for a plan that is not a draft).
   */
  status?: 'draft' | 'any';
}

/** The target of a body that names its study and plan and the version it was based on (most plan writes). */
export function planWriteTarget(
  studyId: number,
  body: { studyId?: number | null; studyPlanId: number; rowVersion?: number },
  status: PlanWriteTarget['status'] = 'draft',
): PlanWriteTarget {
  return {
    studyId,
    bodyStudyId: body.studyId,
    planId: body.studyPlanId,
    rowVersion: body.rowVersion,
    status,
  };
}

/**
 * Every write to a plan goes through here: in one transaction (a savepoint when given one) it checks the study
 * (404), the body's study (400), locks the plan row (404 when unknown, deleted or of another study), checks the
 * version the write was based on (400 when missing, 409 with the current version when older), the caller's editor
 * role (403) and the Draft status (409), then runs the write with the locked row. The checks run in this order, so
 * each refusal answers as it always has.
 */
export async function withEditablePlan<T>(
  db: Db | Tx,
  user: AuthUser,
  target: PlanWriteTarget,
  write: (tx: Tx, plan: PlanRow) => Promise<T>,
): Promise<T> {
  if (target.studyId !== null) {
    await requireStudy(db, target.studyId);
    requireSameStudy(target.bodyStudyId, target.studyId);
  }
  return db.transaction(async (tx) => {
    const plan = await lockLivePlan(tx, target.planId);
    if (!plan || (target.studyId !== null && plan.studyId !== target.studyId)) throw notFound('Plan');
    if (target.rowVersion === undefined)
      throw invalidBody([{ field: 'rowVersion', message: REQUIRED_MESSAGE }]);
    if (target.rowVersion !== plan.rowVersion) throw new PlanVersionConflict(plan.rowVersion);
    if (user.roles.readOnly) throw forbidden(READ_ONLY_MESSAGE);
    if ((target.status ?? 'draft') === 'draft' && plan.scenarioStatus !== EDITABLE_STATUS)
      throw new HttpError(409, PLAN_NOT_EDITABLE_MESSAGE);
    return write(tx, plan);
  });
}
