import type { SoeListRow, SoeStatus } from '@predict/shared';
import type { SoeListRecord } from '../../../repositories/soe-repository';

/** An SOE as the study's Schedules of Events table shows it, with the SOE entity's field names (spec/2 section 3). */
export function presentSoeListRow({ soe, linkedStudyPlanName }: SoeListRecord): SoeListRow {
  return {
    scheduleOfEventsId: soe.soeId,
    studyId: soe.studyId,
    scheduleOfEventsName: soe.soeName,
    scheduleOfEventsDescr: soe.soeDescr,
    // The table's check constraint allows only the SOE statuses.
    scheduleOfEventsStatus: soe.status as SoeStatus,
    version: soe.version,
    // The join names only a live plan: a deleted plan reads as no plan (as GET /ctpo/soe/{id} does).
    studyPlanId: linkedStudyPlanName === null ? null : soe.studyPlanId,
    studyPlanName: linkedStudyPlanName,
    insertBy: soe.insertBy,
    insertDate: soe.insertDate.toISOString(),
    updateBy: soe.updateBy,
    updateDate: soe.updateDate.toISOString(),
  };
}
