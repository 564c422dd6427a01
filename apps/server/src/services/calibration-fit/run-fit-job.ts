import type { Db } from '../../db/client';
import { writeAudit, type AuditActor } from '../../repositories/audit-repository';
import {
  claimCalibrationFit,
  findApprovedCalibrationVersion,
  insertCalibrationVersion,
  updateCalibrationFit,
} from '../../repositories/calibration-fit-repository';
import { DEFAULT_CALIBRATED_SETTINGS, versionSettingValues } from './current-settings';
import type { FitProgress } from './fit-compute';
import { readFitSources } from './fit-sources';
import { runFitInWorker } from './fit-worker';

/** Progress reaches the database at most this often (the status route polls it). */
const PROGRESS_WRITE_MS = 250;

/** Writes the latest progress of a fit, throttled and one write at a time; flush() waits for the last. */
function progressWriter(db: Db, fitId: number) {
  let latest: FitProgress | null = null;
  let lastWrite = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const write = () => {
    const p = latest;
    latest = null;
    lastWrite = Date.now();
    if (p)
      writing = writing.then(() =>
        updateCalibrationFit(db, fitId, { progress: Math.min(1, p.fraction), step: p.step }),
      );
  };
  return {
    report(p: FitProgress) {
      latest = p;
      if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) write();
    },
    async flush() {
      write();
      await writing.catch(() => {});
    },
  };
}

/**
 * The fit job (jobs/calibration-fits.ts): reads every completed study, runs the fit and its cross-validation in a
 * worker thread with its progress on the fit row, and stores the result as the next calibration version (status
 * 'fitted'; an admin approves it) with the fit done, audited in the same transaction under the admin who asked for
 * it. A refusal or error ends the fit as failed with the message. Answers what happened, for the log.
 */
export async function runCalibrationFitJob(db: Db, fitId: number): Promise<string> {
  const fit = await claimCalibrationFit(db, fitId);
  if (!fit) return 'already finished';
  const actor: AuditActor = {
    issuer: fit.requestedByIssuer,
    subject: fit.requestedBySubject,
    name: fit.requestedBy,
  };
  const progress = progressWriter(db, fitId);
  try {
    const sources = await readFitSources(db);
    const approved = await findApprovedCalibrationVersion(db);
    const current = approved ? versionSettingValues(approved) : DEFAULT_CALIBRATED_SETTINGS;
    const { result } = await runFitInWorker(
      { sources, options: { current, currentVersion: approved?.version ?? null } },
      (p) => progress.report(p),
    );
    await progress.flush();
    const version = await db.transaction(async (tx) => {
      const row = await insertCalibrationVersion(tx, {
        status: 'fitted',
        settings: result.settings,
        studyIds: result.studyIds,
        figures: result.figures,
        createdByIssuer: actor.issuer,
        createdBySubject: actor.subject,
        createdBy: actor.name,
      });
      await updateCalibrationFit(tx, fitId, {
        status: 'done',
        progress: 1,
        step: 'Done',
        version: row.version,
        finishedAt: new Date(),
      });
      await writeAudit(
        tx,
        actor,
        {
          entity: 'calibration_version',
          entityId: row.version,
          action: 'create',
          newValues: {
            status: row.status,
            settings: row.settings,
            studyIds: row.studyIds,
            figures: row.figures,
          },
        },
        {
          entity: 'calibration_fit',
          entityId: fitId,
          action: 'status',
          oldValues: { status: 'running' },
          newValues: { status: 'done', version: row.version },
        },
      );
      return row.version;
    });
    return `done: calibration version ${version}`;
  } catch (error) {
    await progress.flush();
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    await db.transaction(async (tx) => {
      await updateCalibrationFit(tx, fitId, { status: 'failed', message, finishedAt: new Date() });
      await writeAudit(tx, actor, {
        entity: 'calibration_fit',
        entityId: fitId,
        action: 'status',
        oldValues: { status: 'running' },
        newValues: { status: 'failed', message },
      });
    });
    return `failed: ${message}`;
  }
}
