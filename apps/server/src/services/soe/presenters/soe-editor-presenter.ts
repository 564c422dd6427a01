import {
  fromCents,
  type LevelValue,
  type SoeAssessment,
  type SoeDetail,
  type SoeLevel,
  type SoeVisit,
} from '@predict/shared';
import type { AuthUser } from '../../../auth/types';
import type { SoeRow } from '../../../repositories/soe-repository';
import type { SoeAssessmentRow, SoeVisitRow } from '../../../repositories/soe-rows-repository';
import { isSoeCreator } from '../guards/soe-guards';

export const money = (cents: number | null | undefined) => (cents == null ? null : fromCents(cents));
const flag = (n: number) => (n === 1 ? 1 : 0) as 0 | 1;

/** The SOE as GET /ctpo/soe/{id} answers it (the table's checks keep the enum columns in their lists). */
export function presentSoeDetail(soe: SoeRow, studyPlanName: string | null, user: AuthUser): SoeDetail {
  return {
    scheduleOfEventsId: soe.soeId,
    studyId: soe.studyId,
    scheduleOfEventsName: soe.soeName,
    scheduleOfEventsDescr: soe.soeDescr,
    scheduleOfEventsStatus: soe.status as SoeDetail['scheduleOfEventsStatus'],
    studyPlanId: studyPlanName === null ? null : soe.studyPlanId,
    studyPlanName,
    visitIntervalType: soe.visitIntervalType as SoeDetail['visitIntervalType'],
    visitWindowIntervalType: soe.visitWindowIntervalType as SoeDetail['visitWindowIntervalType'],
    CDAReviewPctTime: soe.cdaReviewPctTime,
    assessorName: soe.assessorName,
    AddlTimeOnSitePct: soe.addlTimeOnSitePct,
    EstActivatedNonEnrollingSitesPct: soe.estActivatedNonEnrollingSitesPct,
    ReqAdminIMVNonEnrollingSites: soe.reqAdminImvNonEnrollingSites,
    SubjectReportingAvgFrequency: soe.subjectReportingAvgFrequency,
    SubjectReportingHoursToGenerate: soe.subjectReportingHoursToGenerate,
    StudyReportingAvgFrequency: soe.studyReportingAvgFrequency,
    StudyReportingHoursToGenerate: soe.studyReportingHoursToGenerate,
    StudyAdhocReview: soe.studyAdhocReview,
    protocolVersion: soe.protocolVersion,
    protocolDate: soe.protocolDate,
    currency: soe.currency,
    uploadStatus: soe.uploadStatus,
    version: soe.version,
    isCreator: isSoeCreator(soe, user),
    insertBy: soe.insertBy,
    insertDate: soe.insertDate.toISOString(),
    updateBy: soe.updateBy,
    updateDate: soe.updateDate.toISOString(),
  };
}

export function presentVisit(v: SoeVisitRow, studyId: number): SoeVisit {
  return {
    scheduleOfEventsVisitId: v.visitId,
    scheduleOfEventsId: v.soeId,
    studyId,
    visitName: v.visitName,
    visitCategory: v.visitCategory as SoeVisit['visitCategory'],
    visitStudyDay: v.visitStudyDay,
    visitVarianceType: v.visitVarianceType as SoeVisit['visitVarianceType'],
    visitVariance: v.visitVariance,
    visitIntervalType: v.visitIntervalType as SoeVisit['visitIntervalType'],
    visitSortOrder: v.visitSortOrder,
    visitOverheadPct: v.visitOverheadPct,
    visitCost: money(v.visitCostCents),
    commentsVisit: v.commentsVisit,
    commentsCost: v.commentsCost,
    commentsClinicalStrategy: v.commentsClinicalStrategy,
    commentsDataManagement: v.commentsDataManagement,
    miEstSDRSDV: v.miEstSdrSdv,
    miSampleVisit: flag(v.miSampleVisit),
    miSuggestedOnSiteSDRSDV: v.miSuggestedOnSiteSdrSdv,
    miSuggestedCDAReview: v.miSuggestedCdaReview,
    miEstCDAReportFrequency: v.miEstCdaReportFrequency,
    dmUniqueCRFs: v.dmUniqueCrfs,
    dmNonUniqueCRFs: v.dmNonUniqueCrfs,
    dmIntegratedEpro: v.dmIntegratedEpro,
    dmPaperEpro: v.dmPaperEpro,
    dmCentralLab: v.dmCentralLab,
    dmLocalLab: v.dmLocalLab,
  };
}

export function presentAssessment(a: SoeAssessmentRow, studyId: number): SoeAssessment {
  return {
    scheduleOfEventsAssessmentId: a.assessmentId,
    scheduleOfEventsId: a.soeId,
    studyId,
    assessmentType: a.assessmentType,
    assessmentName: a.assessmentName,
    assessmentNameMapping: a.assessmentNameMapping,
    assessmentCost: fromCents(a.assessmentCostCents),
    overhead: flag(a.overhead),
    exclude: flag(a.exclude),
    ipAdministered: flag(a.ipAdministered),
    assessmentSortOrder: a.assessmentSortOrder,
    commentsAssessment: a.commentsAssessment,
    commentsCost: a.commentsCost,
    commentsClinicalStrategy: a.commentsClinicalStrategy,
    commentsDataManagement: a.commentsDataManagement,
  };
}

/**
 * The effective value at a level: the most specific level that sets it (site <- country <- study; design/
 * soe-costing.md section 1). `chain` lists the levels from the most specific; the value is in that level's currency.
 */
export function effective(chain: { level: SoeLevel; value: number | null | undefined }[]): LevelValue {
  for (const { level, value } of chain) if (value != null) return { value, from: level };
  return { value: null, from: 'study' };
}
