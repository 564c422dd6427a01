import { toCents, type SoeAssessmentInput, type SoeVisitInput } from '@predict/shared';
import type { NewSoeAssessmentRow, NewSoeVisitRow } from '../../../repositories/soe-rows-repository';

const cents = (n: number | null) => (n === null ? null : toCents(n));
const trimmed = (s: string | null) => (s === null || s.trim() === '' ? null : s.trim());

/** A visit row of the body as a table row; its position in the list is its sort order (spec/2 section 4). */
export function visitRow(soeId: number, v: SoeVisitInput, position: number): NewSoeVisitRow {
  return {
    soeId,
    visitName: v.visitName.trim(),
    // The row rules (soeRowIssues) have refused a missing category.
    visitCategory: v.visitCategory!,
    visitStudyDay: v.visitStudyDay,
    visitVarianceType: v.visitVarianceType,
    visitVariance: v.visitVariance,
    visitIntervalType: v.visitIntervalType,
    visitSortOrder: position + 1,
    visitOverheadPct: v.visitOverheadPct,
    visitCostCents: cents(v.visitCost),
    commentsVisit: trimmed(v.commentsVisit),
    commentsCost: trimmed(v.commentsCost),
    commentsClinicalStrategy: trimmed(v.commentsClinicalStrategy),
    commentsDataManagement: trimmed(v.commentsDataManagement),
    miEstSdrSdv: v.miEstSDRSDV,
    miSampleVisit: v.miSampleVisit,
    miSuggestedOnSiteSdrSdv: v.miSuggestedOnSiteSDRSDV,
    miSuggestedCdaReview: v.miSuggestedCDAReview,
    miEstCdaReportFrequency: v.miEstCDAReportFrequency,
    dmUniqueCrfs: v.dmUniqueCRFs,
    dmNonUniqueCrfs: v.dmNonUniqueCRFs,
    dmIntegratedEpro: v.dmIntegratedEpro,
    dmPaperEpro: v.dmPaperEpro,
    dmCentralLab: v.dmCentralLab,
    dmLocalLab: v.dmLocalLab,
  };
}

export function assessmentRow(soeId: number, a: SoeAssessmentInput, position: number): NewSoeAssessmentRow {
  return {
    soeId,
    // The row rules have refused a missing type or cost.
    assessmentType: a.assessmentType!,
    assessmentName: a.assessmentName.trim(),
    assessmentNameMapping: trimmed(a.assessmentNameMapping),
    assessmentCostCents: toCents(a.assessmentCost!),
    overhead: a.overhead,
    exclude: a.exclude,
    ipAdministered: a.ipAdministered,
    assessmentSortOrder: position + 1,
    commentsAssessment: trimmed(a.commentsAssessment),
    commentsCost: trimmed(a.commentsCost),
    commentsClinicalStrategy: trimmed(a.commentsClinicalStrategy),
    commentsDataManagement: trimmed(a.commentsDataManagement),
  };
}
