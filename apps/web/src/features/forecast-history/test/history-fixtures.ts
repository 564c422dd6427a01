import type { ForecastHistoryRecord, ForecastHistoryResponse } from '@predict/shared';

export const STUDY_ID = 7;
export const PLAN_ID = 42;
export const HISTORY_PATH = `/ctpo/study-plans/${STUDY_ID}/${PLAN_ID}/forecast-history`;
export const HISTORY_API = `/ctpo/plans/${PLAN_ID}/forecast-history`;

const noon = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

/** A record of run `simRunId` made on `created` with LPI P10 / P50 / P90 on the given days. */
export function historyRecord(
  simRunId: number,
  created: string,
  lpi: [string, string, string],
  overrides: Partial<ForecastHistoryRecord> = {},
): ForecastHistoryRecord {
  const [p10, p50, p90] = lpi.map(noon) as [number, number, number];
  return {
    forecastRecordId: simRunId * 10,
    simRunId,
    studyPlanId: PLAN_ID,
    studyPlanName: 'Baseline - contracted',
    kind: 'Rates',
    studyPlanTypeDetail: 'Rates',
    scenarioStatus: 'Draft',
    planVersion: 1,
    inputsHash: 'a'.repeat(64),
    createdMillis: Date.parse(`${created}T09:30:00Z`),
    extract: null,
    uncertainty: {
      studyRateCv: 0.2,
      countryRateCv: 0.5,
      siteRateCv: 0.8,
      startupCv: 0.25,
      nonEnrollingProbability: 0,
    },
    engineVersion: '0.1.0',
    fpi: { p10: noon('2026-05-01'), p50: noon('2026-05-10'), p90: noon('2026-05-20') },
    lpi: { p10, p50, p90 },
    lplv: { p10: null, p50: null, p90: null },
    isBaseline: false,
    ...overrides,
  };
}

/** Newest first, as the server answers: a remodel, then the locked baseline. */
export function historyResponse(overrides: Partial<ForecastHistoryResponse> = {}): ForecastHistoryResponse {
  return {
    studyPlanId: PLAN_ID,
    studyId: STUDY_ID,
    records: [
      historyRecord(12, '2026-11-20', ['2027-06-01', '2027-07-15', '2027-09-01'], {
        kind: 'Remodel',
        studyPlanId: 43,
        studyPlanName: 'Remodel Q4',
        studyPlanTypeDetail: 'Remodel (R)',
        extract: { extractId: 3, version: 2, asOfMillis: Date.parse('2026-11-18T00:00:00Z') },
        uncertainty: { siteRateCv: 0.8, estimatedSiteRateCv: 0.61 },
      }),
      historyRecord(5, '2026-03-04', ['2027-02-01', '2027-03-10', '2027-04-20'], {
        kind: 'Baseline',
        isBaseline: true,
        scenarioStatus: 'Baseline Plan',
      }),
    ],
    actual: {
      extractId: 3,
      extractVersion: 2,
      asOfMillis: Date.parse('2026-11-18T00:00:00Z'),
      firstEnrolledMillis: noon('2026-06-01'),
      lastEnrolledMillis: null,
    },
    ...overrides,
  };
}
