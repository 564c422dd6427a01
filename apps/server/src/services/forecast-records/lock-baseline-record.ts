import type { Tx } from '../../db/client';
import type { AuditEntry } from '../../repositories/audit-repository';
import { lockNewestRecordAsBaseline } from '../../repositories/forecast-records-repository';
import type { PlanRow } from '../../repositories/plans-repository';

/**
 * The locked baseline (issue 24): when a plan is set to Baseline Plan, its newest forecast of record becomes its
 * baseline of record, the one Study Actuals compares against. Later runs add records and leave it alone; setting
 * Baseline Plan again moves it to the newest record then. Runs inside the status change's transaction (the plan's
 * row is locked) and answers the audit entry to append with the status change's, or null when nothing changed (no
 * record yet, or the newest one already is the baseline).
 */
export async function lockBaselineRecord(
  tx: Tx,
  plan: Pick<PlanRow, 'studyPlanId' | 'studyId'>,
): Promise<AuditEntry | null> {
  const { previous, current } = await lockNewestRecordAsBaseline(tx, plan.studyPlanId);
  if (!current || current.forecastRecordId === previous?.forecastRecordId) return null;
  return {
    entity: 'forecast_record',
    entityId: current.forecastRecordId,
    studyId: plan.studyId,
    action: 'status',
    oldValues: {
      isBaseline: false,
      baselineOfPlan: previous
        ? { forecastRecordId: previous.forecastRecordId, simRunId: previous.simRunId }
        : null,
    },
    newValues: {
      isBaseline: true,
      studyPlanId: plan.studyPlanId,
      simRunId: current.simRunId,
    },
  };
}
