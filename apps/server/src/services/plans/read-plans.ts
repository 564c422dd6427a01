import type { StudyPlan, StudyPlanListRow } from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../http-errors';
import { findLivePlanDetail } from '../../repositories/plan-detail-repository';
import { listLivePlans } from '../../repositories/plans-repository';
import { requireStudy } from '../studies/guards/require-study';
import { presentListRow, presentPlan } from './presenters/plan-presenter';

/** The study's live plans with what the caller may do with each; 404 for an unknown study. */
export async function listStudyPlans(db: Db, user: AuthUser, studyId: number): Promise<StudyPlanListRow[]> {
  await requireStudy(db, studyId);
  const plans = await listLivePlans(db, studyId);
  return plans.map((p) => presentListRow(p, user));
}

/**
 * The plan as GET /ctpo/plan/{planId} answers it, with everything below it; 404 when unknown or deleted. Given a
 * transaction, it reads inside it, so a write sees what it locked and what it has written so far. One query
 * (findLivePlanDetail): reads of a plan are the most frequent and the largest.
 */
export async function readPlanDetail(db: Db | Tx, user: AuthUser, planId: number): Promise<StudyPlan> {
  const detail = await findLivePlanDetail(db, planId);
  if (!detail) throw notFound('Plan');
  return presentPlan(detail.found, detail.children, user);
}
