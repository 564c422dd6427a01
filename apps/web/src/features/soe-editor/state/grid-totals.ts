import { computeVisitTotals, type IntervalType, type SoeCostInput } from '@predict/engine';
import { fromCents, toCents } from '@predict/shared';
import type { EditorAssessment, EditorVisit, GridCells } from './editor-state';

/** One visit's totals rows (spec/2 section 3), amounts in the SOE currency. */
export interface VisitTotalsRow {
  assessmentCount: number;
  assessmentCost: number;
  visitOverhead: number;
  totalVisitCost: number;
  uniqueCrfs: number;
  nonUniqueCrfs: number;
}

/**
 * The working copy as the engine's cost input at the study level. The engine names rows by number: positions stand
 * in for the keys of unsaved rows.
 */
export function editorCostInput(
  visits: readonly EditorVisit[],
  assessments: readonly EditorAssessment[],
  cells: GridCells,
  currency: string,
  intervalType: IntervalType,
): SoeCostInput {
  // Plain loops: this runs on every tick of the grid.
  const mapping: SoeCostInput['mapping'] = [];
  assessments.forEach((a, assessmentId) => {
    const row = cells[a.assessmentKey];
    if (!row) return;
    visits.forEach((v, visitId) => {
      const cell = row[v.visitKey];
      if (cell)
        mapping.push({
          visitId,
          assessmentId,
          multiplier: cell.multiplier,
          uniqueNonUnique: cell.uniqueNonUniqueForm,
        });
    });
  });
  return {
    currency,
    intervalType,
    visits: visits.map((v, i) => ({
      visitId: i,
      visitName: v.visitName,
      category: v.visitCategory ?? 'Screening',
      studyDay: v.visitStudyDay,
      overheadPct: v.visitOverheadPct,
      visitCostCents: v.visitCost === null ? null : toCents(v.visitCost),
      miEstSDRSDV: v.miEstSDRSDV,
      miSampleVisit: v.miSampleVisit,
      dmUniqueCRFs: v.dmUniqueCRFs,
      dmNonUniqueCRFs: v.dmNonUniqueCRFs,
      dmIntegratedEpro: v.dmIntegratedEpro,
      dmPaperEpro: v.dmPaperEpro,
      dmCentralLab: v.dmCentralLab,
      dmLocalLab: v.dmLocalLab,
    })),
    assessments: assessments.map((a, i) => ({
      assessmentId: i,
      name: a.assessmentName,
      type: a.assessmentType ?? '',
      costCents: a.assessmentCost === null ? null : toCents(a.assessmentCost),
      overhead: a.overhead === 1,
      exclude: a.exclude === 1,
    })),
    mapping,
    levels: [],
  };
}

/**
 * The grid's six totals rows by visit key, computed live from the working copy with the engine's cost function
 * (design/soe-costing.md section 3) at the study level. Each visit's totals depend only on its own column, so the
 * grid asks for the visits in view.
 */
export function gridTotals(
  visits: readonly EditorVisit[],
  assessments: readonly EditorAssessment[],
  cells: GridCells,
  currency: string,
  intervalType: IntervalType,
): Map<string, VisitTotalsRow> {
  const input = editorCostInput(visits, assessments, cells, currency, intervalType);
  const totals = computeVisitTotals(input, { siteGroupId: 0, siteId: 1 });
  return new Map(
    totals.map((t) => [
      visits[t.visitId]!.visitKey,
      {
        assessmentCount: t.assessmentCount,
        assessmentCost: fromCents(t.assessmentCostCents),
        visitOverhead: fromCents(t.visitOverheadCents),
        totalVisitCost: fromCents(t.totalVisitCostCents),
        uniqueCrfs: t.uniqueCrfs,
        nonUniqueCrfs: t.nonUniqueCrfs,
      },
    ]),
  );
}
