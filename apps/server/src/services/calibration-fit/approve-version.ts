import type { CalibrationVersion } from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { notFound } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import {
  approveCalibrationVersion,
  findCalibrationVersion,
} from '../../repositories/calibration-fit-repository';
import { presentCalibrationVersion } from './presenters/calibration-presenter';

/**
 * POST /ctpo/admin/calibration/versions/{n}/approve: makes version N the one new runs use, in one transaction with
 * its audit rows; the previously approved version becomes superseded. Approving the approved version changes
 * nothing. 404 for an unknown version.
 */
export async function approveVersion(db: Db, user: AuthUser, version: number): Promise<CalibrationVersion> {
  return db.transaction(async (tx) => {
    const found = await findCalibrationVersion(tx, version);
    if (!found) throw notFound('Calibration version');
    if (found.status === 'approved') return presentCalibrationVersion(found);
    const { previous, approved } = await approveCalibrationVersion(tx, version, user.name);
    await writeAudit(
      tx,
      user,
      ...(previous
        ? [
            {
              entity: 'calibration_version',
              entityId: previous.version,
              action: 'status' as const,
              oldValues: { status: previous.status },
              newValues: { status: 'superseded' },
            },
          ]
        : []),
      {
        entity: 'calibration_version',
        entityId: version,
        action: 'status',
        oldValues: { status: found.status },
        newValues: { status: 'approved', approvedBy: user.name },
      },
    );
    return presentCalibrationVersion(approved!);
  });
}
