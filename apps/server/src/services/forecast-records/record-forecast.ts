import { createHash } from 'node:crypto';
import { canonicalJson } from '@predict/shared';
import type { Tx } from '../../db/client';
import type { ForecastExtras } from '../../jobs/forecast-extras';
import type { AuditEntry } from '../../repositories/audit-repository';
import { findRecordContext, insertForecastRecord } from '../../repositories/forecast-records-repository';
import type { SimulationRunRow } from '../../repositories/simulation-runs-repository';
import { buildForecastOfRecord } from './build-forecast-record';

/** The plan version of a record: SHA-256 of the engine input's canonical JSON (key order does not count). */
export const inputsHashOf = (inputs: unknown) =>
  createHash('sha256').update(canonicalJson(inputs)).digest('hex');

/**
 * Stores the forecast of record of a run that has just finished COMPLETED_OK, inside the transaction that finishes
 * it, and answers the audit entry to append with the run's own (audit rows go last). Null when nothing was stored:
 * the plan is gone, or a retried job's record already exists.
 */
export async function recordForecast(
  tx: Tx,
  run: SimulationRunRow,
  sets: Record<string, unknown>,
  extras: ForecastExtras | null,
): Promise<AuditEntry | null> {
  const context = await findRecordContext(tx, run.studyPlanId);
  if (!context) return null;
  const forecast = buildForecastOfRecord(sets, extras);
  const row = await insertForecastRecord(tx, {
    simRunId: run.simRunId,
    studyPlanId: run.studyPlanId,
    studyId: context.studyId,
    planVersion: context.planVersion,
    inputsHash: inputsHashOf(run.inputs),
    studyPlanTypeDetail: context.studyPlanTypeDetail,
    scenarioStatus: context.scenarioStatus,
    uncertainty: run.uncertainty ?? null,
    extractId: context.extractId,
    extractVersion: context.extractVersion,
    asOf: context.asOf,
    engineVersion: run.engineVersion,
    forecast,
  });
  if (!row) return null;
  const { lpi } = forecast.milestones;
  return {
    entity: 'forecast_record',
    entityId: row.forecastRecordId,
    studyId: context.studyId,
    action: 'create',
    newValues: {
      simRunId: row.simRunId,
      studyPlanId: row.studyPlanId,
      planVersion: row.planVersion,
      inputsHash: row.inputsHash,
      lpi: { p10: lpi.p10, p50: lpi.p50, p90: lpi.p90 },
    },
  };
}
