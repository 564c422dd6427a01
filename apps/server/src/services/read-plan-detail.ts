import type { AuthUser } from '../auth/types';
import type { Db, Tx } from '../db/client';
import { notFound } from '../http-errors';
import { loadPlanChildren } from '../repositories/plans-children-repository';
import { findLivePlan } from '../repositories/plans-repository';
import { presentPlan } from './plan-presenter';
import type { PlanDetail } from './plan-simulation-input';

/**
 * The plan as GET /ctpo/plan/{planId} answers it, read in the caller's transaction (a write that computes from the
 * plan sees what it locked) or outside one; 404 when unknown or deleted.
 */
export async function planDetail(db: Db | Tx, user: AuthUser, planId: number): Promise<PlanDetail> {
  const found = await findLivePlan(db, planId);
  if (!found) throw notFound('Plan');
  return presentPlan(found, await loadPlanChildren(db, planId), user);
}
