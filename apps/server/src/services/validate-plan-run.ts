import { validatePlanForRun, type PlanValidationItem, type PlanValidationResponse } from '@predict/shared';
import type { AuthUser } from '../auth/types';
import type { Db, Tx } from '../db/client';
import { livePlanNames } from '../repositories/plans-repository';
import type { PlanDetail } from './plan-simulation-input';
import { planDetail } from './read-plan-detail';

/** The review rules on a saved plan, with the study's other plan names for the name rule. */
export async function planRunItems(
  db: Db | Tx,
  plan: PlanDetail,
  step: 2 | 3,
): Promise<PlanValidationItem[]> {
  const existingNames = await livePlanNames(db, plan.studyId, plan.studyPlanId);
  return validatePlanForRun(plan, plan.cohorts, { step, existingNames });
}

/**
 * GET /ctpo/plan/{planId}/validation?step=2|3: what blocks Next Step (2) or the run (3), and the warnings, as the
 * snackbars list them; every error blocks (buttonType ALL).
 */
export async function validatePlanRun(
  db: Db,
  user: AuthUser,
  planId: number,
  step: 2 | 3,
): Promise<PlanValidationResponse> {
  const plan = await planDetail(db, user, planId);
  return { items: await planRunItems(db, plan, step), buttonType: 'ALL' };
}
