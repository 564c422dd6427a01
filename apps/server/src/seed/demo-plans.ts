import type {
  COUNTRY_START_UP_SIZES,
  EnrollmentPlanStep1Input,
  SequentialCohortInputRow,
  SITE_ID_SIZES,
} from '@predict/shared';

/**
 * The demo study plans: complete plans of every type, built through the same services a planner's screens call, so
 * that they are exactly what a user would create (seed-demo-plans.ts). Numbers are plausible for the studies they
 * belong to (a melanoma Phase III with about 420 patients enrolled at 48 sites, a Phase II dose expansion of three
 * cohorts, a dermatology Phase III), and every plan passes the review rules, so it can be run as it is.
 */

/** Step 1 of a demo plan; the CRO project start is demoPlanStart, the final protocol this many days later. */
export type DemoStep1 = Omit<
  EnrollmentPlanStep1Input,
  'studyPlanId' | 'studyId' | 'rowVersion' | 'croProjectStartDateMillis' | 'finalProtocolStartDateMillis'
> & { studyPlanName: string; finalProtocolAfterDays: number };

export interface DemoPlanCountry {
  /** An admin site group of the demo data (demo-site-groups.json). */
  siteGroupName: string;
  /** Activated sites: lower bound, and the upper bound scenario B plans need. */
  sites: { lower: number; upper?: number };
  siteIdEffort: (typeof SITE_ID_SIZES)[number];
  startUp: (typeof COUNTRY_START_UP_SIZES)[number];
  /** Patients per site per month at SIV. */
  rate: number;
  /** The country's own screen fail rate, when it differs from the study's. */
  screenFailRate?: number;
  /** The country's own activation profile ([cumulative sites, days]); else the site group's default. */
  profile?: [sites: number, days: number][];
  /** The 12 monthly factors (January first); else the site group's reference values. */
  seasonal?: number[];
  /** Site fatigue: after `days` since activation a site's rate has fallen to `rate` x its rate. */
  fatigue?: { days: number; rate: number };
  /** A milestone date moved by the planner: `shiftDays` after its computed date, with the reason. */
  override?: { milestoneId: number; shiftDays: number; comment: string };
}

export interface DemoPlan {
  step1: DemoStep1;
  countries: DemoPlanCountry[];
  /** The cohort table of a Cohort (D) plan. */
  cohorts?: Omit<SequentialCohortInputRow, 'studyPlanCohortId'>[];
  /** Run while seeding (a finished run), so the results screen has something to show on first start. */
  run?: boolean;
  /** The CRO project start this many months before the demo start (a study under way: the actuals demo). */
  startMonthsAgo?: number;
}

export interface DemoCombination {
  studyPlanName: string;
  studyPlanDescr: string;
  /** Names of plans of the same study, in order. */
  members: string[];
  /** Run while seeding (a finished run of the combined plans). */
  run?: boolean;
}

export interface DemoStudyPlans {
  /** A demo study (demo-studies.json). */
  projectId: string;
  plans: DemoPlan[];
  combinations?: DemoCombination[];
}

/** The fixed seed and the replications of the demo runs (the app's default replications). */
export const DEMO_RUN_SEED = 20_250_212;
export const DEMO_RUN_REPLICATIONS = 2_000;

const MELANOMA_RATES_PLAN = 'Base case - country rates';
const MELANOMA_DURATION_PLAN = 'Sponsor target - 20 months';

const MELANOMA_COUNTRIES_RATES: DemoPlanCountry[] = [
  {
    siteGroupName: 'USA - Central',
    sites: { lower: 16 },
    siteIdEffort: 'Medium',
    startUp: 'Short',
    rate: 0.45,
    // Two academic networks bring their sites in blocks, faster than the reference curve.
    profile: [
      [1, 0],
      [4, 30],
      [8, 60],
      [12, 90],
      [16, 120],
    ],
  },
  {
    siteGroupName: 'Germany',
    sites: { lower: 10 },
    siteIdEffort: 'Medium',
    startUp: 'Medium',
    rate: 0.7,
    fatigue: { days: 270, rate: 0.7 },
    override: {
      milestoneId: 136,
      shiftDays: 21,
      comment: 'Ethics committee meets monthly: approval expected three weeks after the standard timeline.',
    },
  },
  {
    siteGroupName: 'Spain',
    sites: { lower: 8 },
    siteIdEffort: 'Small',
    startUp: 'Medium',
    rate: 0.8,
    seasonal: [1, 1, 1, 0.9, 1, 0.9, 0.7, 0.4, 0.9, 1, 1, 0.7],
  },
  { siteGroupName: 'Poland', sites: { lower: 8 }, siteIdEffort: 'Small', startUp: 'Long', rate: 1.1 },
  {
    siteGroupName: 'United Kingdom',
    sites: { lower: 6 },
    siteIdEffort: 'Medium',
    startUp: 'Short',
    rate: 0.55,
    screenFailRate: 0.35,
  },
];

const MELANOMA_COUNTRIES_DURATION: DemoPlanCountry[] = [
  {
    siteGroupName: 'USA - Central',
    sites: { lower: 14, upper: 18 },
    siteIdEffort: 'Medium',
    startUp: 'Short',
    rate: 0.45,
  },
  {
    siteGroupName: 'Germany',
    sites: { lower: 8, upper: 12 },
    siteIdEffort: 'Medium',
    startUp: 'Medium',
    rate: 0.7,
  },
  {
    siteGroupName: 'Spain',
    sites: { lower: 6, upper: 10 },
    siteIdEffort: 'Small',
    startUp: 'Medium',
    rate: 0.8,
  },
  {
    siteGroupName: 'Poland',
    sites: { lower: 6, upper: 9 },
    siteIdEffort: 'Small',
    startUp: 'Long',
    rate: 1.1,
  },
  {
    siteGroupName: 'Brazil',
    sites: { lower: 5, upper: 7 },
    siteIdEffort: 'Medium',
    startUp: 'Long',
    rate: 0.9,
  },
];

export const DEMO_STUDY_PLANS: DemoStudyPlans[] = [
  {
    projectId: '2025-ONC-0303',
    plans: [
      {
        step1: {
          studyPlanType: 1,
          cohortType: 0,
          studyPlanName: MELANOMA_RATES_PLAN,
          studyPlanDescr:
            'Enrollment forecast from the expected rate of each country: 48 sites in five countries, 600 patients screened.',
          finalProtocolAfterDays: 45,
          enrollmentRate: 0.65,
          screenFailRate: 0.3,
          dropOutRate: 0.12,
          screeningPeriodDuration: 28,
          treatmentDuration: 360,
          followUpDuration: 90,
          tfedToDbLockDuration: 45,
          dbLocktoCSRDuration: 90,
          csrToTMFCloseAndReturnDuration: 60,
          ownedBy: 'Marco Bellandi',
          parameters: [
            { parameterName: 'SITES_TO_ACTIVATE', lowerBound: 48 },
            { parameterName: 'SUBJECTS_TO_SCREEN', lowerBound: 600 },
          ],
        },
        countries: MELANOMA_COUNTRIES_RATES,
        run: true,
      },
      {
        step1: {
          studyPlanType: 2,
          cohortType: 0,
          studyPlanName: MELANOMA_DURATION_PLAN,
          studyPlanDescr:
            'The sponsor asks for enrollment within 20 months: site counts per country between a lower and an upper bound.',
          finalProtocolAfterDays: 45,
          overallEnrollmentDuration: 20,
          screenFailRate: 0.3,
          dropOutRate: 0.12,
          screeningPeriodDuration: 28,
          treatmentDuration: 360,
          followUpDuration: 90,
          ownedBy: 'Marco Bellandi',
          parameters: [
            { parameterName: 'SITES_TO_ACTIVATE', lowerBound: 56 },
            { parameterName: 'SUBJECTS_TO_SCREEN', lowerBound: 600 },
          ],
        },
        countries: MELANOMA_COUNTRIES_DURATION,
      },
    ],
    combinations: [
      {
        studyPlanName: 'Rates and sponsor target combined',
        studyPlanDescr: 'The base case and the sponsor target side by side.',
        members: [MELANOMA_RATES_PLAN, MELANOMA_DURATION_PLAN],
        run: true,
      },
    ],
  },
  {
    projectId: '2025-ONC-0290',
    plans: [
      {
        step1: {
          studyPlanType: 2,
          cohortType: 2,
          studyPlanName: 'Three-cohort dose expansion',
          studyPlanDescr:
            'Three sequential dose cohorts of 40, 50 and 60 patients; each opens after the safety review of the one before.',
          finalProtocolAfterDays: 30,
          screenFailRate: 0.25,
          dropOutRate: 0.1,
          screeningPeriodDuration: 28,
          treatmentDuration: 168,
          followUpDuration: 28,
          ownedBy: 'Ana Ferreira',
          parameters: [
            { parameterName: 'SITES_TO_ACTIVATE', lowerBound: 24 },
            { parameterName: 'SUBJECTS_TO_SCREEN', lowerBound: 200 },
          ],
        },
        countries: [
          {
            siteGroupName: 'USA - Central',
            sites: { lower: 10, upper: 12 },
            siteIdEffort: 'Medium',
            startUp: 'Short',
            rate: 0.5,
          },
          {
            siteGroupName: 'France',
            sites: { lower: 6, upper: 8 },
            siteIdEffort: 'Medium',
            startUp: 'Medium',
            rate: 0.6,
          },
          {
            siteGroupName: 'Netherlands',
            sites: { lower: 4, upper: 4 },
            siteIdEffort: 'Small',
            startUp: 'Short',
            rate: 0.7,
          },
        ],
        cohorts: [
          {
            cohortName: 'Cohort 1 - 200 mg',
            predecessorCohortName: null,
            predecessorActivity: null,
            patients: 40,
            lagDays: 0,
            screeningDurationDays: 28,
            dtlDurationDays: 28,
            srcDurationDays: 14,
          },
          {
            cohortName: 'Cohort 2 - 400 mg',
            predecessorCohortName: 'Cohort 1 - 200 mg',
            predecessorActivity: 'SRC',
            patients: 50,
            lagDays: 7,
            screeningDurationDays: 28,
            dtlDurationDays: 28,
            srcDurationDays: 14,
          },
          {
            cohortName: 'Cohort 3 - 600 mg',
            predecessorCohortName: 'Cohort 2 - 400 mg',
            predecessorActivity: 'SRC',
            patients: 60,
            lagDays: 7,
            screeningDurationDays: 28,
            dtlDurationDays: 28,
            srcDurationDays: 14,
          },
        ],
        run: true,
      },
    ],
  },
  {
    projectId: '2025-DER-0031',
    plans: [
      {
        step1: {
          studyPlanType: 2,
          cohortType: 0,
          studyPlanName: 'Base case - 14 months',
          studyPlanDescr:
            'Moderate-to-severe atopic dermatitis: 360 patients screened at 40 sites in 14 months.',
          finalProtocolAfterDays: 60,
          overallEnrollmentDuration: 14,
          screenFailRate: 0.22,
          dropOutRate: 0.08,
          screeningPeriodDuration: 35,
          treatmentDuration: 112,
          followUpDuration: 28,
          ownedBy: 'Kenji Watanabe',
          parameters: [
            { parameterName: 'SITES_TO_ACTIVATE', lowerBound: 40 },
            { parameterName: 'SUBJECTS_TO_SCREEN', lowerBound: 360 },
          ],
        },
        countries: [
          {
            siteGroupName: 'USA - Local',
            sites: { lower: 12, upper: 15 },
            siteIdEffort: 'Large',
            startUp: 'Medium',
            rate: 0.6,
          },
          {
            siteGroupName: 'Canada',
            sites: { lower: 4, upper: 6 },
            siteIdEffort: 'Medium',
            startUp: 'Medium',
            rate: 0.5,
          },
          {
            siteGroupName: 'Poland',
            sites: { lower: 6, upper: 8 },
            siteIdEffort: 'Small',
            startUp: 'Medium',
            rate: 1.2,
          },
          {
            siteGroupName: 'Japan',
            sites: { lower: 8, upper: 11 },
            siteIdEffort: 'Medium',
            startUp: 'Long',
            rate: 0.3,
          },
        ],
      },
    ],
  },
];
