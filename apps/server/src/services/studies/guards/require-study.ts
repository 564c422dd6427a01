import type { Db, Tx } from '../../../db/client';
import { notFound } from '../../../http-errors';
import { findStudy } from '../../../repositories/studies-repository';

/** The study of the address; 404 'Study not found.' when there is none. */
export async function requireStudy(db: Db | Tx, studyId: number) {
  const study = await findStudy(db, studyId);
  if (!study) throw notFound('Study');
  return study;
}
