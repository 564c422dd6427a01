import { MIN_COMPLETED_STUDIES, PortfolioTooSmallError } from '@predict/engine';
import type { CalibrationFitStatus } from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { badRequest } from '../../http-errors';
import type { CalibrationFitQueue } from '../../jobs/calibration-fits';
import { writeAudit } from '../../repositories/audit-repository';
import { insertCalibrationFit, updateCalibrationFit } from '../../repositories/calibration-fit-repository';
import { countCompletedStudies } from './fit-sources';
import { presentCalibrationFit } from './presenters/calibration-presenter';

/**
 * POST /ctpo/admin/calibration/fits: records a fit of every completed study (audited) and queues it; the job runs it
 * in a worker thread (run-fit-job.ts). Refused with the engine's message under 8 completed studies.
 */
export async function startCalibrationFit(
  db: Db,
  queue: CalibrationFitQueue,
  user: AuthUser,
): Promise<CalibrationFitStatus> {
  const completed = await countCompletedStudies(db);
  if (completed.length < MIN_COMPLETED_STUDIES)
    throw badRequest(new PortfolioTooSmallError(completed.length).message);
  const fit = await db.transaction(async (tx) => {
    const row = await insertCalibrationFit(tx, {
      studies: completed.length,
      requestedByIssuer: user.issuer,
      requestedBySubject: user.subject,
      requestedBy: user.name,
    });
    await writeAudit(tx, user, {
      entity: 'calibration_fit',
      entityId: row.fitId,
      action: 'create',
      newValues: { status: row.status, studies: row.studies },
    });
    return row;
  });
  try {
    const jobId = await queue.enqueue(fit.fitId);
    return presentCalibrationFit((await updateCalibrationFit(db, fit.fitId, { jobId })) ?? fit, null);
  } catch (error) {
    const failed = await db.transaction(async (tx) => {
      const row = await updateCalibrationFit(tx, fit.fitId, {
        status: 'failed',
        message: error instanceof Error ? error.message : 'The fit could not be queued.',
        finishedAt: new Date(),
      });
      await writeAudit(tx, user, {
        entity: 'calibration_fit',
        entityId: fit.fitId,
        action: 'status',
        oldValues: { status: fit.status },
        newValues: { status: 'failed', message: row?.message ?? null },
      });
      return row;
    });
    return presentCalibrationFit(failed ?? fit, null);
  }
}
