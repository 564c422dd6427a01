import type {
  SoeCostDetailRow,
  SoeCostSummaryRow,
  SoeDetail,
  SoeForecastChart,
  SoeGrantsRow,
  SoeStrategyRow,
} from '@predict/shared';
import { errorReply, type FetchMock } from '@/test/fetch-mock';

export const STUDY_ID = 5;
export const SOE_ID = 7;
export const FORECAST_ROUTE = `/ctpo/study-plans/${STUDY_ID}/soe/${SOE_ID}/forecast`;
export const FORECAST_PATH = '/ctpo/study-plans/:studyId/soe/:scheduleId/forecast';

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
    CDAReviewPctTime: 20,
    assessorName: null,
    AddlTimeOnSitePct: null,
    EstActivatedNonEnrollingSitesPct: null,
    ReqAdminIMVNonEnrollingSites: null,
    SubjectReportingAvgFrequency: null,
    SubjectReportingHoursToGenerate: null,
    StudyReportingAvgFrequency: null,
    StudyReportingHoursToGenerate: null,
    StudyAdhocReview: null,
    protocolVersion: null,
    protocolDate: null,
    currency: 'USD',
    uploadStatus: null,
    version: 3,
    isCreator: true,
    insertBy: 'Pat Planner',
    insertDate: '2026-01-10T10:00:00.000Z',
    updateBy: 'Pat Planner',
    updateDate: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

const cells = (visitCost: number, siteCost: number) => ({
  siteCount: 2,
  subjectCount: 9.6,
  visitCount: 19.7,
  assessmentCount: 29.5,
  visitCost,
  assessmentCost: visitCost * 0.8,
  excludeCost: 200,
  siteCost,
  totalCost: visitCost + siteCost,
});

export const SUMMARY: SoeCostSummaryRow[] = [
  {
    siteGroupId: 11,
    siteGroupName: 'Germany',
    dataSet: 'Detail',
    siteId: 1,
    siteNumber: null,
    ...cells(12345.67, 2000),
  },
  {
    siteGroupId: 11,
    siteGroupName: 'Germany',
    dataSet: 'SubTotal',
    siteId: null,
    siteNumber: null,
    ...cells(12345.67, 2000),
  },
  {
    siteGroupId: null,
    siteGroupName: 'Total',
    dataSet: 'Total',
    siteId: null,
    siteNumber: null,
    ...cells(12345.67, 2000),
  },
];
export const DETAIL: SoeCostDetailRow[] = SUMMARY.map((r) => ({ ...r, monthYear: 'Jan 2027' }));
export const STRATEGY: SoeStrategyRow[] = [
  { rowLabel: '100% SDR/SDV Time (minutes)', visitName: 'Screening', visitValue: 60 },
  { rowLabel: 'CDA Review (minutes)', visitName: 'Screening', visitValue: 12.5 },
  { rowLabel: 'Unique CRFs', visitName: 'Screening', visitValue: 3 },
  { rowLabel: 'Central Lab', visitName: '=HYPERLINK("x")', visitValue: 1 },
];
export const GRANTS: SoeGrantsRow[] = [
  {
    siteGroupId: 11,
    siteGroupName: 'Germany',
    numberOfSites: 2,
    screenFails: 0,
    completedTreatment: 12345.67,
    dropOutOfTreatment: 0,
    patientsCompleteFollowUp: 0,
    siteFees: 2000,
    totalCost: 14345.67,
  },
];
export const CHART: SoeForecastChart = {
  currency: 'USD',
  points: [
    { monthYear: 'Jan 2027', p10: 2000, p50: 3000, p90: 3500, plan: 3200 },
    { monthYear: 'Feb 2027', p10: 9000, p50: 14000, p90: 14800, plan: 14345.67 },
  ],
};

/** The forecast page's reads answering with the rows above (or the 409 of an SOE without a plan). */
export function mockForecast(mock: FetchMock, options: { conflict?: string; grants?: SoeGrantsRow[] } = {}) {
  const base = `/ctpo/soe/${SOE_ID}`;
  mock.on('GET', base, { data: [soeDetail()] });
  mock.on('GET', `${base}/rfp/detail`, STRATEGY);
  for (const [path, rows] of [
    ['summary', SUMMARY],
    ['detail', DETAIL],
    ['rfp/summary', options.grants ?? GRANTS],
    ['forecast/chart', CHART],
  ] as const)
    mock.on('GET', `${base}/${path}`, () => (options.conflict ? errorReply(409, options.conflict) : rows));
}
