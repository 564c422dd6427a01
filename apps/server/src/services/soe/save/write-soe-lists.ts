import { isGridAssessmentType, type SoeSaveBody } from '@predict/shared';
import type { Tx } from '../../../db/client';
import {
  deleteAssessmentsExcept,
  deleteMappingOfAssessments,
  deleteVisitsExcept,
  insertAssessments,
  insertVisits,
  updateAssessments,
  updateVisits,
} from '../../../repositories/soe-rows-repository';
import type { CheckedSave } from './check-soe-save';
import { assessmentRow, visitRow } from './soe-save-rows';

/** Replaces the visit list: rows with an id are rewritten, new rows inserted, rows left out deleted (with their cells). */
export async function writeVisits(tx: Tx, soeId: number, visits: NonNullable<SoeSaveBody['visits']>) {
  const rows = visits.map((v, i) => ({ input: v, row: visitRow(soeId, v, i) }));
  const existing = rows.filter((r) => r.input.scheduleOfEventsVisitId !== null);
  const deleted = await deleteVisitsExcept(
    tx,
    soeId,
    existing.map((r) => r.input.scheduleOfEventsVisitId!),
  );
  await updateVisits(
    tx,
    existing.map((r) => ({ ...r.row, visitId: r.input.scheduleOfEventsVisitId! })),
  );
  const fresh = rows.filter((r) => r.input.scheduleOfEventsVisitId === null);
  const newIds = await insertVisits(
    tx,
    fresh.map((r) => r.row),
  );
  const ids = new Map<number, number>();
  let n = 0;
  visits.forEach((v, i) => ids.set(i, v.scheduleOfEventsVisitId ?? newIds[n++]!));
  return { ids, counts: { added: fresh.length, updated: existing.length, deleted } };
}

/** Replaces the assessment list the same way; an assessment that left the grid loses its cells. */
export async function writeAssessments(
  tx: Tx,
  soeId: number,
  assessments: NonNullable<SoeSaveBody['assessments']>,
  checked: CheckedSave,
) {
  const rows = assessments.map((a, i) => ({ input: a, row: assessmentRow(soeId, a, i) }));
  const existing = rows.filter((r) => r.input.scheduleOfEventsAssessmentId !== null);
  const deleted = await deleteAssessmentsExcept(
    tx,
    soeId,
    existing.map((r) => r.input.scheduleOfEventsAssessmentId!),
  );
  await updateAssessments(
    tx,
    existing.map((r) => ({ ...r.row, assessmentId: r.input.scheduleOfEventsAssessmentId! })),
  );
  // An assessment that became a site-cost type leaves the grid.
  await deleteMappingOfAssessments(
    tx,
    existing
      .filter(
        (r) =>
          !isGridAssessmentType(r.row.assessmentType) &&
          isGridAssessmentType(
            checked.existingAssessmentTypes.get(r.input.scheduleOfEventsAssessmentId!) ?? '',
          ),
      )
      .map((r) => r.input.scheduleOfEventsAssessmentId!),
  );
  const fresh = rows.filter((r) => r.input.scheduleOfEventsAssessmentId === null);
  const newIds = await insertAssessments(
    tx,
    fresh.map((r) => r.row),
  );
  const ids = new Map<number, number>();
  let n = 0;
  assessments.forEach((a, i) => ids.set(i, a.scheduleOfEventsAssessmentId ?? newIds[n++]!));
  return { ids, counts: { added: fresh.length, updated: existing.length, deleted } };
}
