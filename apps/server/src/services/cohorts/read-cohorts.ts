import type { CohortChainBody, CohortChainResponse, SequentialCohortResponse } from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import { memoByContent } from '../../caching/memo-by-content';
import type { Db } from '../../db/client';
import { computeCohortChain, requireSequential } from './compute-cohort-chain';
import { readPlanDetail } from '../plans/read-plans';

/** The chain is the engine's work on the plan as read (pure): the same plan and rows need it once (4 MB kept). */
const cohortChainOf = memoByContent(computeCohortChain, 4 * 1024 * 1024);

/**
 * GET /ctpo/cohort/plan/{planId}: the cohort rows with their chain dates. The dates are recomputed from the plan
 * as it is now (its countries may have changed since the cohorts were saved); when they cannot be computed, the
 * dates stored with the last save are shown.
 */
export async function readCohorts(db: Db, user: AuthUser, planId: number): Promise<SequentialCohortResponse> {
  const plan = await readPlanDetail(db, user, planId);
  const chain = plan.cohorts.length > 0 ? cohortChainOf(plan, plan.cohorts) : null;
  const dated = chain !== null && chain.rows.some((r) => r.cohortStartDay !== null);
  const current = dated ? chain.rows : plan.cohorts;
  return {
    studyPlanId: planId,
    phaseNames: { dtl: plan.dtlPhaseName, src: plan.srcPhaseName },
    rows: current,
    rowVersion: plan.rowVersion,
  };
}

/** POST /ctpo/cohort/chain: the chain dates of unsaved rows on the saved plan, so the table follows every edit. */
export async function previewCohortChain(
  db: Db,
  user: AuthUser,
  body: CohortChainBody,
): Promise<CohortChainResponse> {
  const plan = await readPlanDetail(db, user, body.studyPlanId);
  requireSequential(plan);
  return computeCohortChain(plan, body.rows);
}
