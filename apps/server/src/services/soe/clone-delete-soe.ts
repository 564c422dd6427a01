import { SOE_MESSAGES, type SoeCloneBody, type SoeDeleteBody, type SoeIdAnswer } from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { forbidden, notFound, SAME_STUDY_MESSAGE } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import { copySoeChildren } from '../../repositories/soe-copy-repository';
import {
  findLiveSoe,
  insertSoe,
  refreshStudySoeSummary,
  softDeleteSoe,
  soeNameTaken,
} from '../../repositories/soe-repository';
import { requireStudy } from '../studies/guards/require-study';
import { READ_ONLY_MESSAGE } from '../plans/guards/with-editable-plan';
import { invalidSoeBody, isSoeCreator, withEditableSoe, withUniqueSoeName } from './guards/soe-guards';
import { SOE_AUDIT_ENTITY } from './write-soe-form';

/**
 * POST /ctpo/study/{studyId}/SOEClone: a new Draft SOE (version 1) with the new name and description and a copy of
 * everything below the source: visits, assessments, grid, country and site values, currencies, sites, risks, notes.
 */
export async function cloneSoe(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: SoeCloneBody,
): Promise<SoeIdAnswer> {
  await requireStudy(db, studyId);
  if (body.studyId !== studyId) throw invalidSoeBody([{ path: 'studyId', message: SAME_STUDY_MESSAGE }]);
  if (user.roles.readOnly) throw forbidden(READ_ONLY_MESSAGE);
  return withUniqueSoeName('name', () =>
    db.transaction(async (tx) => {
      const source = await findLiveSoe(tx, body.scheduleOfEventsId);
      if (!source || source.soe.studyId !== studyId) throw notFound('Schedule of Events');
      if (await soeNameTaken(tx, studyId, body.name))
        throw invalidSoeBody([{ path: 'name', message: SOE_MESSAGES.nameUnique }]);
      const {
        soeId: _id,
        version: _version,
        rowVersion: _rowVersion,
        insertDate: _insertDate,
        updateDate: _updateDate,
        deletedAt: _deletedAt,
        deletedBy: _deletedBy,
        uploadStatus: _uploadStatus,
        ...inherited
      } = source.soe;
      const clone = await insertSoe(tx, {
        ...inherited,
        soeName: body.name.trim(),
        soeDescr: body.description.trim(),
        status: 'Draft',
        createdByIssuer: user.issuer,
        createdBySubject: user.subject,
        insertBy: user.name,
        updateBy: user.name,
      });
      await copySoeChildren(tx, source.soe.soeId, clone.soeId);
      await refreshStudySoeSummary(tx, studyId);
      await writeAudit(tx, user, {
        entity: SOE_AUDIT_ENTITY,
        entityId: clone.soeId,
        entityVersion: clone.version,
        studyId,
        action: 'create',
        newValues: { clonedFromSoeId: source.soe.soeId, soeName: clone.soeName, soeDescr: clone.soeDescr },
      });
      return [{ Id: clone.soeId }];
    }),
  );
}

/** POST /ctpo/study/{studyId}/SOEDelete: soft delete, only by the SOE's creator (403 with the spec's text). */
export async function deleteSoe(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: SoeDeleteBody,
): Promise<SoeIdAnswer> {
  if (body.studyId !== studyId) throw invalidSoeBody([{ path: 'studyId', message: SAME_STUDY_MESSAGE }]);
  return withEditableSoe(db, user, { studyId, soeId: body.scheduleOfEventsId }, async (tx, soe) => {
    if (!isSoeCreator(soe, user)) throw forbidden(SOE_MESSAGES.deleteNotCreator);
    await softDeleteSoe(tx, soe.soeId, user.name);
    await refreshStudySoeSummary(tx, studyId);
    await writeAudit(tx, user, {
      entity: SOE_AUDIT_ENTITY,
      entityId: soe.soeId,
      entityVersion: soe.rowVersion + 1,
      studyId,
      action: 'delete',
      oldValues: { soeName: soe.soeName, status: soe.status, version: soe.version },
    });
    return [{ Id: soe.soeId }];
  });
}
