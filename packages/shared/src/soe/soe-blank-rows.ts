import { DEFAULT_VISIT_INTERVAL_TYPE } from './constants';
import type { SoeAssessmentInput, SoeVisitInput } from './soe-save-schemas';

/**
 * A new visit row as the editor adds it (Add Row): no id yet, a temporary key, every value empty. The one builder
 * of a blank visit, so that the editor, its tests and the server's tests start from the same row.
 */
export function blankVisitInput(
  visitKey: string,
  visitIntervalType: SoeVisitInput['visitIntervalType'] = DEFAULT_VISIT_INTERVAL_TYPE,
): SoeVisitInput {
  return {
    scheduleOfEventsVisitId: null,
    visitKey,
    visitName: '',
    visitCategory: null,
    visitStudyDay: null,
    visitVarianceType: 'none',
    visitVariance: null,
    visitIntervalType,
    visitOverheadPct: null,
    visitCost: null,
    commentsVisit: null,
    commentsCost: null,
    commentsClinicalStrategy: null,
    commentsDataManagement: null,
    miEstSDRSDV: null,
    miSampleVisit: 0,
    miSuggestedOnSiteSDRSDV: null,
    miSuggestedCDAReview: null,
    miEstCDAReportFrequency: null,
    dmUniqueCRFs: null,
    dmNonUniqueCRFs: null,
    dmIntegratedEpro: null,
    dmPaperEpro: null,
    dmCentralLab: null,
    dmLocalLab: null,
  };
}

/** A new assessment row as the editor adds it: no id, no type, no name, no cost, every flag off. */
export function blankAssessmentInput(assessmentKey: string): SoeAssessmentInput {
  return {
    scheduleOfEventsAssessmentId: null,
    assessmentKey,
    assessmentType: null,
    assessmentName: '',
    assessmentNameMapping: null,
    assessmentCost: null,
    overhead: 0,
    exclude: 0,
    ipAdministered: 0,
    commentsAssessment: null,
    commentsCost: null,
    commentsClinicalStrategy: null,
    commentsDataManagement: null,
  };
}
