import type { SoeFormBody } from '@predict/shared';
import type { SoeChanges } from '../../repositories/soe-repository';

/** The SOE form's fields as table columns (the 'Not Available' switches clear their field). */
export function soeFormColumns(form: SoeFormBody): SoeChanges {
  return {
    soeName: form.scheduleOfEventsName.trim(),
    soeDescr: form.scheduleOfEventsDescr.trim(),
    status: form.scheduleOfEventsStatus,
    studyPlanId: form.studyPlanId,
    visitIntervalType: form.visitIntervalType,
    visitWindowIntervalType: form.visitWindowIntervalType,
    cdaReviewPctTime: form.CDAReviewPctTime,
    assessorName: form.assessorName?.trim() || null,
    addlTimeOnSitePct: form.AddlTimeOnSitePct,
    estActivatedNonEnrollingSitesPct: form.EstActivatedNonEnrollingSitesPct,
    reqAdminImvNonEnrollingSites: form.ReqAdminIMVNonEnrollingSites,
    subjectReportingAvgFrequency: form.SubjectReportingAvgFrequency,
    subjectReportingHoursToGenerate: form.SubjectReportingHoursToGenerate,
    studyReportingAvgFrequency: form.StudyReportingAvgFrequency,
    studyReportingHoursToGenerate: form.StudyReportingHoursToGenerate,
    studyAdhocReview: form.StudyAdhocReview,
    protocolVersion: form.protocolVersionNotAvailable ? null : form.protocolVersion?.trim() || null,
    protocolDate: form.protocolDateNotAvailable ? null : form.protocolDate,
    ...(form.currency ? { currency: form.currency } : {}),
  };
}

/** What the audit log records of an SOE's form fields. */
export const auditedSoeFields = (c: SoeChanges) => ({
  soeName: c.soeName,
  soeDescr: c.soeDescr,
  status: c.status,
  studyPlanId: c.studyPlanId,
  currency: c.currency,
});
