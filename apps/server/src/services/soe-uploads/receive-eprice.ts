import {
  EPRICE_MESSAGES,
  EPRICE_STATUS,
  hasMacroContentType,
  ZIP_MESSAGES,
  type EpriceFileAnswer,
  type EpriceFileBody,
  type ZipEntry,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { badRequest, HttpError } from '../../http-errors';
import type { EpriceQueue } from '../../jobs/eprice-uploads';
import { writeAudit } from '../../repositories/audit-repository';
import {
  insertEpriceUpload,
  setEpriceStatus,
  soeHasCostData,
} from '../../repositories/soe-upload-repository';
import { inflateEntry, UploadRefused } from '../../uploads/bounded-inflate';
import { receiveXlsxUpload } from '../../uploads';
import { withEditableSoe } from '../soe/guards/soe-guards';
import { epriceUploadInProgress } from './eprice-status';
import { EPRICE_AUDIT_ENTITY } from './run-eprice-upload';

/** Parts that name content types and relationships: small, checked for macros before the file is accepted. */
const TYPES_OR_RELATIONSHIPS = /(^|\/)\[content_types\]\.xml$|\.rels$/i;

/** Macro-carrying files are refused on the request, as every other check before parsing (the worker checks again). */
function refuseMacros(bytes: Uint8Array, entries: readonly ZipEntry[]) {
  try {
    for (const entry of entries)
      if (
        TYPES_OR_RELATIONSHIPS.test(entry.name) &&
        hasMacroContentType(inflateEntry(bytes, entry).toString('utf8'))
      )
        throw badRequest(ZIP_MESSAGES.macros);
  } catch (error) {
    if (error instanceof UploadRefused) throw badRequest(error.message);
    throw error;
  }
}

/**
 * POST /ctpo/files (spec/2 section 7): the ePrice workbook is checked before anything is parsed (name, size, zip
 * structure, zip bombs, macros), refused with the spec's text when the SOE holds cost data (409), then stored with
 * the SOE's uploadStatus 'Queued' (audited, one transaction) and queued; the job parses and applies it.
 */
export async function receiveEprice(
  db: Db,
  queue: EpriceQueue,
  user: AuthUser,
  body: EpriceFileBody,
): Promise<EpriceFileAnswer> {
  const attrs = body.FileAttrs;
  const file = receiveXlsxUpload(body.FileName, body.encodedData);
  refuseMacros(file.bytes, file.entries);
  const target = { studyId: attrs.studyId, soeId: attrs.scheduleOfEventsId };
  const uploadId = await withEditableSoe(db, user, target, async (tx, soe) => {
    if (epriceUploadInProgress(soe.uploadStatus)) throw new HttpError(409, EPRICE_MESSAGES.inProgress);
    if (await soeHasCostData(tx, soe.soeId)) throw new HttpError(409, EPRICE_MESSAGES.costDetected);
    const id = await insertEpriceUpload(tx, {
      soeId: soe.soeId,
      studyId: soe.studyId,
      uploadType: attrs.uploadType,
      fileName: body.FileName,
      fileBytes: file.bytes,
      actorIssuer: user.issuer,
      actorSubject: user.subject,
      actorName: user.name,
      status: EPRICE_STATUS.queued,
    });
    await setEpriceStatus(tx, { uploadId: id, soeId: soe.soeId }, EPRICE_STATUS.queued, false);
    await writeAudit(tx, user, {
      entity: EPRICE_AUDIT_ENTITY,
      entityId: id,
      studyId: soe.studyId,
      action: 'create',
      newValues: {
        scheduleOfEventsId: soe.soeId,
        uploadType: attrs.uploadType,
        fileName: body.FileName,
        bytes: file.bytes.length,
      },
    });
    return id;
  });
  try {
    await queue.enqueue(uploadId);
  } catch (error) {
    await setEpriceStatus(
      db,
      { uploadId, soeId: target.soeId },
      EPRICE_STATUS.failed(EPRICE_MESSAGES.uploadFailed),
      true,
    );
    throw error;
  }
  return {
    message: EPRICE_MESSAGES.uploaded,
    scheduleOfEventsId: target.soeId,
    uploadStatus: EPRICE_STATUS.queued,
  };
}
