import {
  EPRICE_MESSAGES,
  EPRICE_STATUS,
  inspectXlsxZip,
  readEpriceSheets,
  snapshotSource,
  SOE_MAX_ROWS,
  SoeSaveBody,
  type EpriceSheets,
  type SheetIssue,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import {
  findEpriceUpload,
  insertBudgetvueOutbox,
  setEpriceStatus,
  soeHasCostData,
  type EpriceUploadRow,
} from '../../repositories/soe-upload-repository';
import { lockLiveSoe } from '../../repositories/soe-repository';
import { listSoeAssessments, listSoeVisits } from '../../repositories/soe-rows-repository';
import { EPRICE_UPLOAD_LIMITS, parseXlsxUpload } from '../../uploads';
import { applySoeSave } from '../soe/save/save-soe';
import { epriceSaveBody } from './eprice-save-body';
import { failedStatus, issuesText, succeededStatus } from './eprice-status';

export const EPRICE_AUDIT_ENTITY = 'soe_eprice_upload';
const SOE_GONE = 'the Schedule of Events no longer exists.';
const UNEXPECTED = 'the file could not be processed. Please try again.';

/** A refusal that ends the job with a failed status (nothing applied). */
class Refused extends Error {}

/** An HttpError of the pipeline (zip, worker limits, the save's checks) with its per-field messages. */
const refusalText = (error: Refused | HttpError) =>
  [error.message, ...((error as HttpError).fields ?? []).map((f) => f.message)].join(' ');

/** The uploader, who the save and the audit row name (the job holds no request). */
const uploader = (u: EpriceUploadRow): AuthUser => ({
  issuer: u.actorIssuer,
  subject: u.actorSubject,
  name: u.actorName,
  userId: u.actorSubject,
  username: u.actorName,
  firstName: '',
  lastName: '',
  email: '',
  locale: 'en',
  groups: [],
  roles: { readOnly: false, admin: false },
  via: 'bearer',
});

/** The workbook parsed in an upload worker (the XML-parts reader) and read against the SOE's names. */
async function readUpload(db: Db, upload: EpriceUploadRow) {
  const bytes = new Uint8Array(upload.fileBytes);
  const zip = inspectXlsxZip(bytes);
  if (!zip.ok) throw new Refused(zip.message);
  const snapshot = await parseXlsxUpload('eprice', { bytes, entries: zip.entries }, EPRICE_UPLOAD_LIMITS);
  const visits = await listSoeVisits(db, upload.soeId);
  const assessments = await listSoeAssessments(db, upload.soeId);
  const read = readEpriceSheets(snapshotSource(snapshot), {
    visitNames: visits.map((v) => v.visitName),
    assessmentNames: assessments.map((a) => a.assessmentName),
  });
  if (!read.value) throw new Refused(issuesText(read.errors));
  return { sheets: read.value, warnings: read.warnings };
}

/**
 * Applies a read ePrice in one transaction, all or nothing: target Predict writes the costs through the SOE save
 * service (its checks and audit row), again refused when cost data appeared meanwhile; BudgetVue records an outbox
 * row (audited). The final status is written in the same transaction.
 */
async function applyUpload(
  db: Db,
  upload: EpriceUploadRow,
  sheets: EpriceSheets,
  warnings: SheetIssue[],
): Promise<string> {
  const target = {
    predict: upload.uploadType !== 'BudgetVue',
    budgetvue: upload.uploadType !== 'Predict',
  };
  const user = uploader(upload);
  return db.transaction(async (tx) => {
    const soe = await lockLiveSoe(tx, upload.soeId);
    if (!soe) throw new Refused(SOE_GONE);
    if (await soeHasCostData(tx, soe.soeId)) throw new Refused(EPRICE_MESSAGES.costDetected);
    let save: ReturnType<typeof epriceSaveBody> | null = null;
    if (target.predict) {
      const assessmentRows = await listSoeAssessments(tx, soe.soeId);
      save = epriceSaveBody(soe, await listSoeVisits(tx, soe.soeId), assessmentRows, sheets);
      // Checked before the schema, whose own limit message would not say where the extra rows come from.
      const total = save.body.assessments?.length ?? 0;
      if (total > SOE_MAX_ROWS) {
        const added = total - assessmentRows.length;
        throw new Refused(EPRICE_MESSAGES.tooManyAssessments(added, total, SOE_MAX_ROWS));
      }
      // The editor's row rules (names, lengths, types) hold for uploaded rows too.
      const parsed = SoeSaveBody.safeParse(save.body);
      if (!parsed.success) throw new Refused(parsed.error.issues.map((i) => i.message).join(' '));
    }
    const status = succeededStatus(target, save?.counts ?? null, warnings);
    await setEpriceStatus(tx, upload, status, true);
    if (target.budgetvue) {
      const outboxId = await insertBudgetvueOutbox(tx, upload);
      await writeAudit(tx, user, {
        entity: EPRICE_AUDIT_ENTITY,
        entityId: upload.uploadId,
        studyId: upload.studyId,
        action: 'update',
        newValues: { outboxId, uploadType: upload.uploadType },
      });
    }
    if (save) await applySoeSave(tx, user, soe, save.body);
    return status;
  });
}

/**
 * The job of one ePrice upload (jobs/eprice-uploads.ts): Processing, then the parse, the checks and the apply;
 * the SOE's uploadStatus ends longer than 40 characters, with 'failed' and the reason when nothing was applied.
 * A job run again for a finished upload does nothing.
 */
export async function runEpriceUpload(db: Db, uploadId: number): Promise<string> {
  const upload = await findEpriceUpload(db, uploadId);
  if (!upload || upload.finishedAt) return 'already finished';
  await setEpriceStatus(db, upload, EPRICE_STATUS.processing, false);
  try {
    const { sheets, warnings } = await readUpload(db, upload);
    return await applyUpload(db, upload, sheets, warnings);
  } catch (error) {
    const known = error instanceof Refused || error instanceof HttpError;
    const status = failedStatus(known ? refusalText(error) : UNEXPECTED);
    await setEpriceStatus(db, upload, status, true);
    // Unexpected errors reach pg-boss (logged there; a retry finds the upload finished).
    if (!known) throw error;
    return status;
  }
}
