import { z } from 'zod';
import { MSG } from './messages';
import { normalizeCohortRows } from './validate-cohorts';
import {
  dateMillis,
  DAYS_MAX,
  days,
  decIn,
  intIn,
  patientCount,
  requiredPatientBounds,
  siteBounds,
} from './fields';

export const PLAN_TYPE_DETAILS = [
  'Rates',
  'Duration',
  'Cohort (D)',
  'Remodel (R)',
  'Remodel (D)',
  'Combination (R)',
  'Combination (D)',
] as const;

/** Study milestones whose reported quantile a plan can choose (spec/1 section 3, Milestone). */
export const STUDY_MILESTONES = [
  'NUM_SITES_ACTIVATED',
  'NUM_SUBJECTS_SCREENED',
  'NUM_SUBJECTS_ENROLLED',
  'NUM_SUBJECTS_TREATED',
  'NUM_SUBJECTS_COMPLETED',
  'DURATION_TO_SITE_ID',
  'DURATION_TO_SUBMISSION',
  'DURATION_TO_FIRST_REGULATORY_APPROVAL',
  'DURATION_TO_FSIV',
  'DURATION_TO_FPS',
  'DURATION_TO_FPI',
  'DURATION_TO_LPI',
  'DURATION_TO_FPLV',
  'DURATION_TO_LPLV',
  'DURATION_TO_FPC',
  'DURATION_TO_TFED',
] as const;
export type StudyMilestoneName = (typeof STUDY_MILESTONES)[number];

/** Level of confidence in percent; -1 means unset (= 50). */
const confidence = () =>
  z
    .number({ error: MSG.empty })
    .int(MSG.integer)
    .refine((v) => v === -1 || (v >= 1 && v <= 99), MSG.range(1, 99));

export const COHORT_ACTIVITIES = ['Screening', 'Enrolling', 'DTL', 'SRC'] as const;

/** A sequential cohort row (spec/1 section 3); the engine fills in the dates, so only inputs are read. */
export const CohortRow = z.object({
  cohortName: z.string({ error: MSG.empty }).min(1, MSG.empty),
  predecessorCohortName: z.string().nullish(),
  predecessorActivity: z.enum(COHORT_ACTIVITIES).nullish(),
  patients: intIn(0),
  lagDays: days(),
  screeningDurationDays: days(),
  enrollingDurationDays: days().nullish(),
  dtlDurationDays: days(),
  srcDurationDays: days(),
});
export type CohortRow = z.output<typeof CohortRow>;

/** A cohort phase name shown in place of DTL or SRC (spec/1 section 3: two editable names); trimmed, not blank. */
const phaseName = () => z.string({ error: MSG.empty }).trim().min(1, MSG.empty);

/** The editable names of the two extra cohort phases (defaults DTL and SRC); each optional. */
export const CohortPhaseNames = z.object({ dtl: phaseName().optional(), src: phaseName().optional() });
export type CohortPhaseNames = z.output<typeof CohortPhaseNames>;

const UncertaintyInput = z.object({
  studyRateCv: decIn(0, 5).optional(),
  startupCv: decIn(0, 5).optional(),
  siteRateCv: decIn(0, 5).optional(),
  nonEnrollingProbability: decIn(0, 0.99).optional(),
  countryRateCv: decIn(0, 5).optional(),
  siteInactivationPerYear: decIn(0, 10).optional(),
  siteRampUpDays: decIn(0, 3650).optional(),
  siteRampUpStart: decIn(0, 1).optional(),
  siteDecayPerYear: decIn(0, 10).optional(),
});

/** The spec's upper limits of the plan's durations (days, and months for the overall enrollment duration). */
export const PLAN_DURATION_LIMITS = {
  days: DAYS_MAX,
  screeningDays: 9999,
  treatmentDays: 99_999,
  followUpDays: 99_999,
  overallEnrollmentMonths: 1200,
} as const;

/** Study-level inputs of a plan (spec/1 section 3, Study plan), units in comments. */
export const PlanInput = z.object({
  /** 1 = scenario A (Rates), 2 = scenario B (Duration). */
  studyPlanType: z.union([z.literal(1), z.literal(2)], { error: 'Has to be 1 (Rates) or 2 (Duration).' }),
  studyPlanTypeDetail: z.enum(PLAN_TYPE_DETAILS).nullish(),
  croProjectStartDateMillis: dateMillis(),
  finalProtocolStartDateMillis: dateMillis(),
  /** Days; when set, replaces every group's Site ID days. */
  croProjectStartToSiteIdDuration: days().nullish(),
  /** Days; informational (the chain uses the protocol date), kept for the timeline. */
  siteIdToFinalProtocolDuration: days().nullish(),
  /** Days; when set, replaces every group's timeSIVDays. */
  regApprovalToFSIVDuration: days().nullish(),
  screeningPeriodDuration: intIn(0, PLAN_DURATION_LIMITS.screeningDays),
  treatmentDuration: intIn(1, PLAN_DURATION_LIMITS.treatmentDays),
  followUpDuration: intIn(0, PLAN_DURATION_LIMITS.followUpDays).nullish(),
  tfedToDbLockDuration: days().nullish(),
  dbLocktoCSRDuration: days().nullish(),
  csrToTMFCloseAndReturnDuration: days().nullish(),
  /** Months, FPI to LPI (scenario B). */
  overallEnrollmentDuration: intIn(1, PLAN_DURATION_LIMITS.overallEnrollmentMonths).nullish(),
  /** Patients enrolled per site per month. */
  enrollmentRate: decIn(0, 100).nullish(),
  screenFailRate: decIn(0, 0.99).nullish(),
  dropOutRate: decIn(0, 0.99).nullish(),
  pauseEnrollmentAfterPatient: intIn(1, 9999).nullish(),
  pauseEnrollmentDays: intIn(1, 9999).nullish(),
  targets: z.object(
    {
      SITES_TO_ACTIVATE: siteBounds(),
      SUBJECTS_TO_SCREEN: requiredPatientBounds(MSG.screenedPositive),
      NUM_SUBJECTS_ENROLLED: patientCount(MSG.enrolledPositive).nullish(),
      NUM_SUBJECTS_TREATED: patientCount(MSG.treatedPositive).nullish(),
      NUM_SUBJECTS_COMPLETED: patientCount(MSG.completedPositive).nullish(),
    },
    { error: MSG.empty },
  ),
  /** Per study milestone, the confidence level (percent) the forecast reports. */
  milestones: z
    .array(z.object({ milestoneName: z.enum(STUDY_MILESTONES), levelOfConfidence: confidence() }))
    .nullish(),
  /** Scenario B: the probability (percent) with which LPI - FPI must fit the duration; -1 = 50. */
  overallEnrollmentDurationConfidence: confidence().nullish(),
  simOptSecondsSpentLimit: intIn(1, 86_400).nullish(),
  simOptUnimprovedScoreCalculationLimit: intIn(1, 1_000_000).nullish(),
  uncertainty: UncertaintyInput.nullish(),
  /** Names trimmed and predecessors spelled as the cohort they name (normalizeCohortRows). */
  cohorts: z.array(CohortRow).transform(normalizeCohortRows).nullish(),
  /** Labels of the DTL and SRC phases in the cohort result sets (the phase codes in `cohorts` stay DTL / SRC). */
  cohortPhaseNames: CohortPhaseNames.nullish(),
});
export type PlanInput = z.output<typeof PlanInput>;
