import type { SoeListRow, SoeStatus } from '@predict/shared';
import type { Db } from '../db/client';
import { listLiveSoes, type SoeListRecord } from '../repositories/soe-repository';
import { requireStudy } from './plan-guards';

/** An SOE as the study's Schedules of Events table shows it. */
function presentSoeListRow({ soe, linkedStudyPlanName }: SoeListRecord): SoeListRow {
  return {
    soeId: soe.soeId,
    studyId: soe.studyId,
    soeName: soe.soeName,
    soeDescr: soe.soeDescr,
    // The table's check constraint allows only the SOE statuses.
    status: soe.status as SoeStatus,
    version: soe.version,
    linkedStudyPlanName,
    insertBy: soe.insertBy,
    updateDate: soe.updateDate.toISOString(),
  };
}

/** The study's live SOEs, newest first; 404 for an unknown study. */
export async function listStudySoes(db: Db, studyId: number): Promise<SoeListRow[]> {
  await requireStudy(db, studyId);
  return (await listLiveSoes(db, studyId)).map(presentSoeListRow);
}
