import {
  CalibrationCrossValidation,
  CalibrationFittedSettings,
  type CalibrationFitStatus,
  type CalibrationVersion,
} from '@predict/shared';
import type {
  CalibrationFitRow,
  CalibrationVersionRow,
} from '../../../repositories/calibration-fit-repository';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** A stored version as the API shows it (its jsonb checked against the shared schemas). */
export function presentCalibrationVersion(row: CalibrationVersionRow): CalibrationVersion {
  return {
    version: row.version,
    status: row.status as CalibrationVersion['status'],
    settings: CalibrationFittedSettings.parse(row.settings),
    studyIds: row.studyIds as number[],
    figures: CalibrationCrossValidation.parse(row.figures),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    approvedBy: row.approvedBy,
    approvedAt: iso(row.approvedAt),
  };
}

export function presentCalibrationFit(
  row: CalibrationFitRow,
  version: CalibrationVersionRow | null,
): CalibrationFitStatus {
  return {
    fitId: row.fitId,
    status: row.status as CalibrationFitStatus['status'],
    progress: row.progress,
    step: row.step,
    message: row.message,
    studies: row.studies,
    requestedBy: row.requestedBy,
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    version: version ? presentCalibrationVersion(version) : null,
  };
}
