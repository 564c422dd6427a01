import type { SoeListRow, SoeStatus } from '@predict/shared';
import type { SoeListRecord } from '../../../repositories/soe-repository';

/** An SOE as the study's Schedules of Events table shows it. */
export function presentSoeListRow({ soe, linkedStudyPlanName }: SoeListRecord): SoeListRow {
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
