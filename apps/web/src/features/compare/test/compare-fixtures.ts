import type { ComparedCountry, ComparedPlan, PlanComparison } from '@predict/shared';

export const STUDY_ID = 7;
export const PAGE_PATH = '/ctpo/study-plans/7/compare?plans=11,12,13';
export const API_PATH = '/ctpo/compare/study/7';

const DAY = 86_400_000;
/** 1 Jun 2027, noon UTC. */
export const LPI_P1 = Date.UTC(2027, 5, 1, 12);

const germany = (overrides: Partial<ComparedCountry> = {}): ComparedCountry => ({
  siteGroupName: 'Germany',
  countryIso3: 'DEU',
  region: 'Europe',
  sitesLower: 10,
  sitesUpper: null,
  enrollmentRate: 0.8,
  screenFailRate: 0.3,
  dropOutRate: 0.1,
  siteIdEffort: 'Medium',
  startUpSize: 'Short',
  startUpDays: 120,
  ...overrides,
});

/** A plan whose LPI percentile k (P(k+1)) is `lpiStart` + k days, and whose P50s are day offsets from it. */
export function comparedPlan(
  id: number,
  name: string,
  lpiStart: number,
  overrides: Partial<ComparedPlan> = {},
) {
  const percentiles = Array.from({ length: 99 }, (_, k) => lpiStart + k * DAY);
  const q = (offset: number) => ({
    p10: lpiStart + offset,
    p50: lpiStart + offset + 40 * DAY,
    p90: lpiStart + offset + 80 * DAY,
  });
  const plan: ComparedPlan = {
    studyPlanId: id,
    studyPlanName: name,
    studyPlanTypeDetail: 'Rates',
    scenarioStatus: 'Draft',
    simRunId: 100 + id,
    inputs: {
      studyPlanTypeDetail: 'Rates',
      croProjectStartDateMillis: Date.UTC(2026, 0, 5, 12),
      finalProtocolStartDateMillis: Date.UTC(2026, 1, 19, 12),
      sitesToActivate: 10,
      subjectsToScreen: 600,
      subjectsToEnroll: null,
      enrollmentRate: 0.65,
      screenFailRate: 0.3,
      dropOutRate: 0.12,
      overallEnrollmentDurationMonths: null,
      screeningPeriodDays: 28,
      treatmentDays: 360,
      followUpDays: 90,
      countries: [germany()],
    },
    milestones: {
      fsiv: q(-400 * DAY),
      fpi: q(-300 * DAY),
      lpi: { p10: percentiles[9]!, p50: percentiles[49]!, p90: percentiles[89]! },
      lplv: q(450 * DAY),
      dbLock: q(495 * DAY),
    },
    lpiPercentiles: percentiles,
    lpiProbabilityReached: 1,
    horizonMillis: lpiStart + 2000 * DAY,
    figures: {
      enrollmentDurationMonths: 14.2,
      sitesActivated: 10,
      siteMonths: 120.5,
      patientsScreened: 600,
      patientsEnrolled: 420,
      patientsCompleting: 370,
    },
    enrollment: {
      monthStartMillis: [Date.UTC(2026, 5, 1, 12), Date.UTC(2026, 6, 1, 12)],
      p10: [0, 10],
      p50: [1, 20],
      p90: [2, 30],
    },
    cost: null,
    ...overrides,
  };
  return plan;
}

export function comparison(): PlanComparison {
  return {
    studyId: STUDY_ID,
    projectId: '2025-ONC-0303',
    studyName: 'Melanoma III',
    plans: [
      comparedPlan(11, 'Base case', LPI_P1),
      // 30 days later, with more sites in Germany.
      comparedPlan(12, 'Sponsor target', LPI_P1 + 30 * DAY, {
        inputs: {
          ...comparedPlan(0, '', 0).inputs,
          sitesToActivate: 14,
          countries: [germany({ sitesLower: 14 })],
        },
      }),
      comparedPlan(13, 'Baseline - contracted', LPI_P1, {
        cost: {
          scheduleOfEventsId: 5,
          scheduleOfEventsName: 'Melanoma SOE',
          currency: 'USD',
          total: 1_234_567.5,
          band: { p10: 1_100_000, p50: 1_230_000.25, p90: 1_400_000 },
          byCountry: [
            {
              siteGroupName: 'Germany',
              total: 1_234_567.5,
              band: { p10: 1_100_000, p50: 1_230_000.25, p90: 1_400_000 },
            },
          ],
          bandReplications: 200,
          unavailableMessage: null,
        },
      }),
    ],
  };
}
