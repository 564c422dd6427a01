import type { ForecastHistoryResponse } from '@predict/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../http-errors';
import { listPlanHistoryRecords } from '../../repositories/forecast-records-repository';
import { findLivePlan } from '../../repositories/plans-repository';
import { readActualMilestones } from '../actuals/actual-milestones';
import { presentHistoryRecord } from './presenters/history-record-presenter';

/**
 * GET /ctpo/plans/{planId}/forecast-history: the plan's forecasts of record, newest first, and the study's actual
 * FPI / LPI once its latest CTMS extract shows them. A study's history is its baseline and its re-forecasts, and
 * REMODEL makes a new plan from the Baseline Plan (plan_remodels, clonedStudyPlanId), so the records of the plan's
 * live remodel plans are listed with its own. 404 for an unknown or deleted plan; every signed-in user may read.
 */
export async function readForecastHistory(db: Db, planId: number): Promise<ForecastHistoryResponse> {
  const found = await findLivePlan(db, planId);
  if (!found) throw notFound('Plan');
  const rows = await listPlanHistoryRecords(db, planId);
  const own = rows.find((r) => r.record.studyPlanId === planId);
  const actual = await readActualMilestones(db, found.plan.studyId, own?.record.simRunId ?? null);
  return {
    studyPlanId: planId,
    studyId: found.plan.studyId,
    records: rows.map((r) => presentHistoryRecord(r.record, r.studyPlanName)),
    actual,
  };
}
