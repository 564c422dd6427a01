import {
  blankAssessmentInput,
  blankVisitInput,
  type SoeAssessment,
  type SoeDetail,
  type SoeMappingEntry,
  type SoeRiskAssessment,
  type SoeSamplingRow,
  type SoeSiteGroupEntry,
  type SoeVisit,
} from '@predict/shared';
import type { FetchMock } from '@/test/fetch-mock';

/** SOE 300 of study 7, as the contract's reads answer it. */
export const SOE_ID = 300;
export const STUDY_ID = 7;
export const EDITOR_ROUTE = `/ctpo/study-plans/${STUDY_ID}/soe/${SOE_ID}`;
export const EDITOR_PATH = '/ctpo/study-plans/:studyId/soe/:scheduleId';

export function soeDetail(overrides: Partial<SoeDetail> = {}): SoeDetail {
  return {
    scheduleOfEventsId: SOE_ID,
    studyId: STUDY_ID,
    scheduleOfEventsName: 'Oncology SOE',
    scheduleOfEventsDescr: 'Phase II schedule',
    scheduleOfEventsStatus: 'Draft',
    studyPlanId: 42,
    studyPlanName: 'Baseline plan',
    visitIntervalType: 'Day',
    visitWindowIntervalType: 'Day',
    CDAReviewPctTime: 0,
    assessorName: null,
    AddlTimeOnSitePct: null,
    EstActivatedNonEnrollingSitesPct: null,
    ReqAdminIMVNonEnrollingSites: null,
    SubjectReportingAvgFrequency: null,
    SubjectReportingHoursToGenerate: null,
    StudyReportingAvgFrequency: null,
    StudyReportingHoursToGenerate: null,
    StudyAdhocReview: null,
    protocolVersion: '1.0',
    protocolDate: '2026-01-10',
    currency: 'USD',
    uploadStatus: null,
    version: 4,
    isCreator: true,
    insertBy: 'Pat Planner',
    insertDate: '2026-01-10T10:00:00.000Z',
    updateBy: 'Pat Planner',
    updateDate: '2026-01-11T10:00:00.000Z',
    ...overrides,
  };
}

/** A saved visit: the editor's blank row with an id, a name, Screening at day = sort order. */
export function visit(
  id: number,
  name: string,
  sortOrder: number,
  overrides: Partial<SoeVisit> = {},
): SoeVisit {
  const { visitKey: _key, ...blank } = blankVisitInput(String(id));
  return {
    ...blank,
    scheduleOfEventsVisitId: id,
    scheduleOfEventsId: SOE_ID,
    studyId: STUDY_ID,
    visitName: name,
    visitCategory: 'Screening',
    visitStudyDay: sortOrder,
    visitSortOrder: sortOrder,
    ...overrides,
  };
}

/** A saved Procedure costing 0: the editor's blank row with an id and a name. */
export function assessment(
  id: number,
  name: string,
  sortOrder: number,
  overrides: Partial<SoeAssessment> = {},
): SoeAssessment {
  const { assessmentKey: _key, ...blank } = blankAssessmentInput(String(id));
  return {
    ...blank,
    scheduleOfEventsAssessmentId: id,
    scheduleOfEventsId: SOE_ID,
    studyId: STUDY_ID,
    assessmentType: 'Procedure',
    assessmentName: name,
    assessmentCost: 0,
    assessmentSortOrder: sortOrder,
    ...overrides,
  };
}

export function mapping(assessmentId: number, visitId: number, multiplier: number | null): SoeMappingEntry {
  return {
    studyId: STUDY_ID,
    scheduleOfEventsId: SOE_ID,
    scheduleOfEventsAssessmentId: assessmentId,
    scheduleOfEventsVisitId: visitId,
    mappingAssessmentVisit: 1,
    multiplier,
    uniqueNonUniqueForm: null,
    visitName: '',
  };
}

export function siteGroup(overrides: Partial<SoeSiteGroupEntry>): SoeSiteGroupEntry {
  return {
    scheduleOfEventsId: SOE_ID,
    siteGroupId: 0,
    siteId: 1,
    siteGroupName: 'Study',
    countryCodeISO3: '',
    countryName: '',
    centralLocal: null,
    tabLabel: 'Study',
    siteNumber: null,
    dropDownListLabel: null,
    currency: 'USD',
    exchangeRate: null,
    effectiveCurrency: 'USD',
    effectiveExchangeRate: 1,
    siteContractEffectiveDate: null,
    ...overrides,
  };
}

export const SITE_GROUPS: SoeSiteGroupEntry[] = [
  siteGroup({}),
  siteGroup({
    siteGroupId: 5,
    siteGroupName: 'France',
    countryCodeISO3: 'FRA',
    countryName: 'France',
    tabLabel: 'FRA',
    currency: 'EUR',
    exchangeRate: 0.92,
    effectiveCurrency: 'EUR',
    effectiveExchangeRate: 0.92,
  }),
  siteGroup({
    siteGroupId: 6,
    siteGroupName: 'USA Central',
    countryCodeISO3: 'USA',
    countryName: 'United States',
    centralLocal: 'Central',
    tabLabel: 'USA - C',
    currency: null,
  }),
];

export const RISKS: SoeRiskAssessment[] = [
  {
    scheduleOfEventsRiskAssessmentId: 1,
    scheduleOfEventsId: SOE_ID,
    riskAssessmentCategory: 'Patient population',
    riskAssessmentStudySpecifics: null,
    riskAssessmentRiskScore: null,
    riskAssessmentLow: 'Healthy',
    riskAssessmentModerate: 'Stable',
    riskAssessmentHigh: 'Critical',
  },
];

export const SAMPLING: SoeSamplingRow[] = [];

export interface SoeServe {
  soe?: SoeDetail;
  visits?: SoeVisit[];
  assessments?: SoeAssessment[];
  mapping?: SoeMappingEntry[];
  siteGroups?: SoeSiteGroupEntry[];
}

/** Answers the editor's reads for SOE 300. */
export function serveSoe(server: FetchMock, data: SoeServe = {}) {
  const base = `/ctpo/soe/${SOE_ID}`;
  server
    .on('GET', base, { data: [data.soe ?? soeDetail()] })
    .on('GET', `${base}/visits`, data.visits ?? [])
    .on('GET', `${base}/assessments`, data.assessments ?? [])
    .on('GET', `${base}/mapping`, data.mapping ?? [])
    .on('GET', `${base}/sitegroups`, data.siteGroups ?? SITE_GROUPS)
    .on('GET', `${base}/riskassessments`, RISKS)
    .on('GET', `${base}/visitsamplingstrategy`, SAMPLING);
}
