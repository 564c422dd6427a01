import type { DemoPlan, DemoStudyPlans } from './demo-plans';

/**
 * The actuals demo (issue 14, item 5): three demo studies get a plan started about a year ago that is run while
 * seeding, then made the study's Baseline Plan and given a CTMS extract taken two days ago (seed-demo-actuals.ts),
 * so Study Actuals, the site list and the 24-hour gate have something to show on first start. Each extract follows
 * the plan line at a pace per country (DEMO_ACTUALS_PACE): a little behind, well behind, ahead, and (2025-ONC-0303's
 * fourth country) not started, so the study's totals fall visibly short instead of cancelling out, and a country
 * without activated or closed sites can be removed in the Remodel form.
 */
export const DEMO_BASELINE_PLAN_NAME = 'Baseline - contracted';

const baseline = (
  descr: string,
  step1: Partial<DemoPlan['step1']>,
  countries: DemoPlan['countries'],
  sites: number,
  screened: number,
): DemoPlan => ({
  step1: {
    studyPlanType: 1,
    cohortType: 0,
    studyPlanName: DEMO_BASELINE_PLAN_NAME,
    studyPlanDescr: descr,
    finalProtocolAfterDays: 30,
    enrollmentRate: 0.7,
    screenFailRate: 0.25,
    dropOutRate: 0.1,
    screeningPeriodDuration: 28,
    treatmentDuration: 180,
    followUpDuration: 60,
    tfedToDbLockDuration: 45,
    dbLocktoCSRDuration: 90,
    csrToTMFCloseAndReturnDuration: 60,
    ownedBy: 'Marco Bellandi',
    parameters: [
      { parameterName: 'SITES_TO_ACTIVATE', lowerBound: sites },
      { parameterName: 'SUBJECTS_TO_SCREEN', lowerBound: screened },
    ],
    ...step1,
  },
  countries,
  run: true,
  startMonthsAgo: 14,
});

export const DEMO_ACTUALS_STUDY_PLANS: DemoStudyPlans[] = [
  {
    projectId: '2025-ONC-0303',
    plans: [
      baseline(
        'The contracted plan the study is tracked against: 24 sites in four countries, 280 patients screened.',
        {},
        [
          {
            siteGroupName: 'Germany',
            sites: { lower: 7 },
            siteIdEffort: 'Medium',
            startUp: 'Short',
            rate: 0.8,
          },
          {
            siteGroupName: 'Spain',
            sites: { lower: 6 },
            siteIdEffort: 'Medium',
            startUp: 'Short',
            rate: 0.7,
          },
          {
            siteGroupName: 'USA - Central',
            sites: { lower: 7 },
            siteIdEffort: 'Medium',
            startUp: 'Short',
            rate: 0.6,
          },
          {
            siteGroupName: 'Italy',
            sites: { lower: 4 },
            siteIdEffort: 'Small',
            startUp: 'Long',
            rate: 0.7,
          },
        ],
        24,
        280,
      ),
    ],
  },
  {
    projectId: '2025-ONC-0290',
    plans: [
      baseline(
        'The contracted plan of the expansion phase: 14 sites in three countries, 150 patients screened.',
        { ownedBy: 'Anna Kowalska', screenFailRate: 0.35 },
        [
          {
            siteGroupName: 'France',
            sites: { lower: 5 },
            siteIdEffort: 'Small',
            startUp: 'Short',
            rate: 0.6,
          },
          {
            siteGroupName: 'Netherlands',
            sites: { lower: 4 },
            siteIdEffort: 'Small',
            startUp: 'Short',
            rate: 0.7,
          },
          {
            siteGroupName: 'Poland',
            sites: { lower: 5 },
            siteIdEffort: 'Small',
            startUp: 'Medium',
            rate: 0.9,
          },
        ],
        14,
        150,
      ),
    ],
  },
  {
    projectId: '2025-DER-0031',
    plans: [
      baseline(
        'The contracted plan: 22 sites in three countries, 300 patients screened.',
        { ownedBy: 'Kenji Watanabe', screenFailRate: 0.22, dropOutRate: 0.08, treatmentDuration: 112 },
        [
          {
            siteGroupName: 'USA - Local',
            sites: { lower: 8 },
            siteIdEffort: 'Medium',
            startUp: 'Short',
            rate: 0.7,
          },
          {
            siteGroupName: 'Canada',
            sites: { lower: 6 },
            siteIdEffort: 'Medium',
            startUp: 'Short',
            rate: 0.6,
          },
          {
            siteGroupName: 'Poland',
            sites: { lower: 8 },
            siteIdEffort: 'Small',
            startUp: 'Medium',
            rate: 1.0,
          },
        ],
        22,
        300,
      ),
    ],
  },
];

/**
 * Pace of the extract against the plan line per country position: a little behind (80%), well behind (50%, its
 * last two sites still in start-up), ahead (115%), not started (0: every site still in start-up, no patients).
 */
export const DEMO_ACTUALS_PACE = [0.8, 0.5, 1.15, 0] as const;
/** The extract was taken this long before seeding: past the 24-hour gate of REMODEL and VIEW SITE LIST. */
export const DEMO_EXTRACT_AGE_HOURS = 50;
