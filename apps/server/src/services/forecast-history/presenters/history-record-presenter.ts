import type {
  ForecastHistoryRecord,
  ForecastOfRecord,
  ForecastRecordMilestone,
  MilestoneQuantiles,
  RunUncertainty,
} from '@predict/shared';
import type { ForecastRecordRow } from '../../../repositories/forecast-records-repository';

const REMODEL_TYPES = new Set(['Remodel (R)', 'Remodel (D)']);

/** 'Baseline' for the plan's baseline of record, 'Remodel' for a re-forecast from actuals, else the plan's type. */
export function recordKind(row: Pick<ForecastRecordRow, 'isBaseline' | 'studyPlanTypeDetail'>): string {
  if (row.isBaseline) return 'Baseline';
  return REMODEL_TYPES.has(row.studyPlanTypeDetail) ? 'Remodel' : row.studyPlanTypeDetail;
}

const quantiles = (m: ForecastRecordMilestone | undefined): MilestoneQuantiles => ({
  p10: m?.p10 ?? null,
  p50: m?.p50 ?? null,
  p90: m?.p90 ?? null,
});

/** One record as the Forecast History lists it (its percentiles and monthly bands stay on the server). */
export function presentHistoryRecord(row: ForecastRecordRow, studyPlanName: string): ForecastHistoryRecord {
  // Checked against ForecastOfRecord when it was stored, and never changed since.
  const forecast = row.forecast as ForecastOfRecord;
  return {
    forecastRecordId: row.forecastRecordId,
    simRunId: row.simRunId,
    studyPlanId: row.studyPlanId,
    studyPlanName,
    kind: recordKind(row),
    studyPlanTypeDetail: row.studyPlanTypeDetail,
    scenarioStatus: row.scenarioStatus,
    planVersion: row.planVersion,
    inputsHash: row.inputsHash,
    createdMillis: row.createdAt.getTime(),
    extract:
      row.extractId !== null && row.extractVersion !== null && row.asOf !== null
        ? { extractId: row.extractId, version: row.extractVersion, asOfMillis: row.asOf.getTime() }
        : null,
    uncertainty: (row.uncertainty as RunUncertainty | null) ?? null,
    engineVersion: row.engineVersion,
    fpi: quantiles(forecast.milestones.fpi),
    lpi: quantiles(forecast.milestones.lpi),
    lplv: quantiles(forecast.milestones.lplv),
    isBaseline: row.isBaseline,
  };
}
