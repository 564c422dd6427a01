import type { CalibrationFitStatus, CalibrationVersionList } from '@predict/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../http-errors';
import {
  findCalibrationFit,
  findCalibrationVersion,
  listCalibrationVersions,
} from '../../repositories/calibration-fit-repository';
import { DEFAULT_CALIBRATED_SETTINGS } from './current-settings';
import { presentCalibrationFit, presentCalibrationVersion } from './presenters/calibration-presenter';

/** GET /ctpo/admin/calibration/versions: every version, newest first, the approved one and the engine defaults. */
export async function listVersions(db: Db): Promise<CalibrationVersionList> {
  const rows = await listCalibrationVersions(db);
  return {
    versions: rows.map(presentCalibrationVersion),
    approvedVersion: rows.find((r) => r.status === 'approved')?.version ?? null,
    defaults: DEFAULT_CALIBRATED_SETTINGS,
  };
}

/** GET /ctpo/admin/calibration/fits/{id}: the fit's status and progress, with its version once done; 404 else. */
export async function readFitStatus(db: Db, fitId: number): Promise<CalibrationFitStatus> {
  const fit = await findCalibrationFit(db, fitId);
  if (!fit) throw notFound('Calibration fit');
  const version = fit.version === null ? null : await findCalibrationVersion(db, fit.version);
  return presentCalibrationFit(fit, version);
}
