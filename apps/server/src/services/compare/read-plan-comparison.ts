import { COMPARE_MESSAGES as M, type ComparedPlan, type PlanComparison } from '@predict/shared';
import type { Db } from '../../db/client';
import { badRequest, INVALID_REQUEST_MESSAGE } from '../../http-errors';
import { findComparedPlans } from '../../repositories/plan-comparison-repository';
import { requireStudy } from '../studies/guards/require-study';
import { comparedCost, linkedSoes } from './compared-cost';
import { readComparedRuns } from './compared-run';

const PLANS_PATH = 'querystring.plans';

/** The plans in the order asked, each of the study with a finished run; else 400 naming every plan that is not. */
async function requireComparablePlans(db: Db, studyId: number, planIds: readonly number[]) {
  const rows = await findComparedPlans(db, planIds);
  const byId = new Map(rows.map((r) => [r.studyPlanId, r]));
  const problems: string[] = [];
  const plans = planIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row || row.studyId !== studyId) problems.push(M.otherStudy(id));
    else if (row.simRunId === null) problems.push(M.noRun(id));
    else return [{ ...row, simRunId: row.simRunId }];
    return [];
  });
  if (problems.length > 0)
    throw badRequest(
      INVALID_REQUEST_MESSAGE,
      problems.map((message) => ({ path: PLANS_PATH, message })),
    );
  return plans;
}

/**
 * GET /ctpo/compare/study/{studyId}?plans= (scenario comparison): 2 to 4 plans of the study side by side, each from
 * its latest finished run as stored (the run's input, forecast of record, summary, timeline and duration tables)
 * and, where a Schedule of Events is linked to the plan, its Cost Summary. Nothing is simulated again. 404 for an
 * unknown study; 400 naming each plan of another study (or unknown, or deleted) or without a finished run. Every
 * signed-in user may compare.
 */
export async function readPlanComparison(
  db: Db,
  studyId: number,
  planIds: readonly number[],
): Promise<PlanComparison> {
  const study = await requireStudy(db, studyId);
  const plans = await requireComparablePlans(db, studyId, planIds);
  const runs = await readComparedRuns(
    db,
    plans.map((p) => ({ simRunId: p.simRunId, typeDetail: p.studyPlanTypeDetail })),
  );
  const soes = await linkedSoes(db, studyId);
  const answer: ComparedPlan[] = [];
  // One after another: each cost may compute its plan line once, and PGlite runs one query at a time anyway.
  for (const plan of plans) {
    const soe = soes.get(plan.studyPlanId);
    answer.push({
      studyPlanId: plan.studyPlanId,
      studyPlanName: plan.studyPlanName,
      studyPlanTypeDetail: plan.studyPlanTypeDetail,
      scenarioStatus: plan.scenarioStatus,
      simRunId: plan.simRunId,
      ...runs.get(plan.simRunId)!,
      cost: soe ? await comparedCost(db, soe) : null,
    });
  }
  return { studyId, projectId: study.projectId, studyName: study.studyName, plans: answer };
}
