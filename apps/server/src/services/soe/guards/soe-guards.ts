import { SOE_MESSAGES } from '@predict/shared';
import type { AuthUser } from '../../../auth/types';
import type { Db, Tx } from '../../../db/client';
import { badRequest, forbidden, HttpError, INVALID_REQUEST_MESSAGE, notFound } from '../../../http-errors';
import { isSoeNameConflict, lockLiveSoe, type SoeRow } from '../../../repositories/soe-repository';
import { requireStudy } from '../../studies/guards/require-study';
import { READ_ONLY_MESSAGE } from '../../plans/guards/with-editable-plan';

/** A 400 with per-field messages; paths are relative to the body. */
export const invalidSoeBody = (fields: { path: (string | number)[] | string; message: string }[]) =>
  badRequest(
    INVALID_REQUEST_MESSAGE,
    fields.map((f) => ({
      path: `body.${Array.isArray(f.path) ? f.path.join('.') : f.path}`,
      message: f.message,
    })),
  );

/** A save or edit based on an older version (409); the answer carries the current version. */
export class SoeVersionConflict extends HttpError {
  constructor(readonly currentVersion: number) {
    super(409, SOE_MESSAGES.staleVersion, undefined, { currentVersion });
  }
}

export const isSoeCreator = (soe: SoeRow, user: Pick<AuthUser, 'issuer' | 'subject'>) =>
  soe.createdByIssuer === user.issuer && soe.createdBySubject === user.subject;

/** Which SOE a write targets: the study of the address (when the route has one) and the version it was based on. */
export interface SoeWriteTarget {
  studyId: number | null;
  soeId: number;
  /** Omitted for writes that do not name a version (delete, the spec's per-table calls). */
  version?: number;
}

/**
 * Every write to an SOE goes through here: in one transaction it checks the study (404), locks the SOE row (404 when
 * unknown, deleted or of another study), refuses read-only callers (403) and a stale version (409), then runs the
 * write with the locked row.
 */
export async function withEditableSoe<T>(
  db: Db,
  user: AuthUser,
  target: SoeWriteTarget,
  write: (tx: Tx, soe: SoeRow) => Promise<T>,
): Promise<T> {
  if (target.studyId !== null) await requireStudy(db, target.studyId);
  return db.transaction(async (tx) => {
    const soe = await lockLiveSoe(tx, target.soeId);
    if (!soe || (target.studyId !== null && soe.studyId !== target.studyId))
      throw notFound('Schedule of Events');
    if (user.roles.readOnly) throw forbidden(READ_ONLY_MESSAGE);
    if (target.version !== undefined && target.version !== soe.version)
      throw new SoeVersionConflict(soe.version);
    return write(tx, soe);
  });
}

/** Runs a write; a concurrent write that took the same name first answers the name check's message. */
export async function withUniqueSoeName<T>(field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isSoeNameConflict(error)) throw invalidSoeBody([{ path: field, message: SOE_MESSAGES.nameUnique }]);
    throw error;
  }
}
