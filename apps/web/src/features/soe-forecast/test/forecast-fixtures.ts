import type {
  SoeCostDetailRow,
  SoeCostSummaryRow,
  SoeDetail,
  SoeForecastChart,
  SoeGrantsRow,
  SoeStrategyRow,
  SoeSupply,
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

const month = (monthYear: string, cum: number, shipment: number, initialStock: number, supplied: number) => ({
  monthYear,
  dispensed: { p10: cum / 2, p50: cum / 2, p90: cum / 2 },
  cumulative: { p10: cum - 2, p50: cum, p90: cum + 2.5 },
  plan: cum,
  required: supplied,
  initialStock,
  shipment,
  supplied,
});

/**
 * The IP supply of one country at a confidence: 2 sites x 2 kits in Jan 2027; P90 ships 26 + 10 kits, P50 a month
 * later (shipments 0, 26, 10).
 */
export function supplyAnswer(confidence: number, options: { noIp?: boolean } = {}): SoeSupply {
  const p90 = confidence >= 0.9;
  const months = [
    month('Jan 2027', 10, p90 ? 26 : 0, 4, p90 ? 30 : 4),
    month('Feb 2027', 30, p90 ? 10 : 26, 0, p90 ? 40 : 30),
    month('Mar 2027', 40, p90 ? 0 : 10, 0, 40),
  ];
  const country = (countryIso3: string | null, name: string) => ({
    countryIso3,
    name,
    sites: 2,
    months,
    totals: {
      planKits: 40,
      kits: { p10: 38, p50: 40, p90: 42.5 },
      meanKits: 40,
      initialStock: 4,
      shipped: 36,
      overage: 0,
      peakSafetyStock: p90 ? 20 : 0,
    },
  });
  return {
    confidence,
    leadWeeks: 8,
    siteStock: 2,
    replications: 200,
    kitsPerVisit: options.noIp ? [] : [{ visitId: 2, visitName: 'C1D1', kits: 1 }],
    countries: [country(null, 'All countries'), country('DEU', 'Germany')],
  };
}

/** GET .../forecast/supply answering supplyAnswer at the query's confidence (or a 409 / no IP). */
export function mockSupply(mock: FetchMock, options: { conflict?: string; noIp?: boolean } = {}) {
  mock.on('GET', `/ctpo/soe/${SOE_ID}/forecast/supply`, (r) =>
    options.conflict
      ? errorReply(409, options.conflict)
      : supplyAnswer(Number(r.url.searchParams.get('confidence')), options),
  );
}
