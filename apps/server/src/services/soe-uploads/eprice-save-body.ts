import {
  blankAssessmentInput,
  round2,
  STUDY_LEVEL_SITE_GROUP_ID,
  COUNTRY_LEVEL_SITE_ID,
  type EpriceSheets,
  type SoeAssessmentInput,
  uploadNameKey as nameKey,
  type SoeSaveBody,
  withoutSiteCostFlags,
} from '@predict/shared';
import type { SoeRow } from '../../repositories/soe-repository';
import type { SoeAssessmentRow, SoeVisitRow } from '../../repositories/soe-rows-repository';
import { presentAssessment, presentVisit } from '../soe/presenters/soe-editor-presenter';

/** What an applied ePrice changed, for the status text and the audit row. */
export interface EpriceCounts {
  visitCosts: number;
  assessmentCosts: number;
  siteCosts: number;
}

/**
 * An ePrice read as one save of the SOE (the editor's save service applies it, with its checks and audit row): the
 * full visit and assessment lists as they are, with the sheet's study-level costs; site fees as site-cost
 * assessments (an existing one of the same name gets the cost); the sheet's currency, when known, as the SOE's.
 */
export function epriceSaveBody(
  soe: SoeRow,
  visitRows: SoeVisitRow[],
  assessmentRows: SoeAssessmentRow[],
  sheets: EpriceSheets,
): { body: SoeSaveBody; counts: EpriceCounts } {
  const visitCost = new Map(sheets.visits.map((v) => [v.visitName.trim(), v.visitCost]));
  const visits = visitRows.map((row) => {
    const v = presentVisit(row, soe.studyId);
    return {
      ...v,
      visitKey: String(row.visitId),
      visitCost: visitCost.get(row.visitName.trim()) ?? v.visitCost,
    };
  });
  const assessmentCost = new Map(
    sheets.assessments.map((a) => [nameKey(a.assessmentName), a.assessmentCost]),
  );
  const siteCost = new Map(sheets.siteCosts.map((s) => [nameKey(s.name), s]));
  const assessments: SoeAssessmentInput[] = assessmentRows.map((row) => {
    const a = presentAssessment(row, soe.studyId);
    const key = nameKey(row.assessmentName);
    const fee = siteCost.get(key);
    siteCost.delete(key);
    // A site fee saved with flags before they were refused would fail the save's rule: cleared, as the editor does.
    return withoutSiteCostFlags({
      ...a,
      assessmentType: a.assessmentType as SoeAssessmentInput['assessmentType'],
      assessmentKey: String(row.assessmentId),
      assessmentCost: fee ? round2(fee.costPerOccurrence) : (assessmentCost.get(key) ?? a.assessmentCost),
    });
  });
  [...siteCost.values()].forEach((fee, i) =>
    assessments.push({
      ...blankAssessmentInput(`eprice-site-cost-${i}`),
      assessmentType: fee.type,
      assessmentName: fee.name,
      assessmentCost: round2(fee.costPerOccurrence),
    }),
  );
  const currency =
    sheets.currency && sheets.currency !== soe.currency
      ? [
          {
            siteGroupId: STUDY_LEVEL_SITE_GROUP_ID,
            siteId: COUNTRY_LEVEL_SITE_ID,
            currency: sheets.currency,
            exchangeRate: 1,
          },
        ]
      : [];
  return {
    body: { version: soe.version, currencies: currency, visits, assessments },
    counts: {
      visitCosts: sheets.visits.filter((v) => v.visitCost !== null).length,
      assessmentCosts: sheets.assessments.length,
      siteCosts: sheets.siteCosts.length,
    },
  };
}
