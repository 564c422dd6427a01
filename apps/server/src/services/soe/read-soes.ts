import type { SoeListRow } from '@predict/shared';
import type { Db } from '../../db/client';
import { listLiveSoes } from '../../repositories/soe-repository';
import { presentSoeListRow } from './presenters/soe-presenter';
import { requireStudy } from '../studies/guards/require-study';

/** The study's live SOEs, newest first; 404 for an unknown study. */
export async function listStudySoes(db: Db, studyId: number): Promise<SoeListRow[]> {
  await requireStudy(db, studyId);
  return (await listLiveSoes(db, studyId)).map(presentSoeListRow);
}
