import { z } from 'zod';
import { OPPORTUNITY_STAGES, UNASSIGNED_STAGE } from '../constants';
import { CalendarDay } from '../schemas/common';
import {
  DATE_MILLIS_MAX,
  DATE_MILLIS_MESSAGE,
  DATE_MILLIS_MIN,
  ID_MAX,
  ID_TOO_LARGE_MESSAGE,
  NUMBER_MAX,
  NUMBER_TOO_SMALL_MESSAGE,
  safeText,
} from '../schemas/safe-input';
import {
  COHORT_TYPE_NONE,
  COHORT_TYPE_SEQUENTIAL,
  NEW_PLAN_MARKER,
  PLAN_TYPE_DURATION,
  PLAN_TYPE_RATES,
  STUDY_MILESTONE_NAMES,
  PLAN_DURATION_LIMITS,
  STUDY_PARAMETER_NAMES,
} from './constants';
import { RowVersion } from './row-version-schema';
import { DECIMAL_MESSAGE, INTEGER_MESSAGE, minMessage, rangeMessage } from './messages';

/** Largest number a plan stores; keeps integer columns from overflowing. */
export const PLAN_NUMBER_MAX = NUMBER_MAX;
const TOO_LARGE = `Has to be at most ${PLAN_NUMBER_MAX}.`;

/**
 * Numbers the plan form validates (validatePlanForm gives their integer, range and either-or messages): here only
 * their type and a storage ceiling.
 */
const formNumber = (message: string) =>
  z
    .number({ error: message })
    .min(-PLAN_NUMBER_MAX, { error: NUMBER_TOO_SMALL_MESSAGE })
    .max(PLAN_NUMBER_MAX, { error: TOO_LARGE })
    .nullish();
const formDecimal = formNumber(DECIMAL_MESSAGE);
const formInteger = formNumber(INTEGER_MESSAGE);
/** Whole numbers the form does not show: checked here. */
const wholeNumber = (min: number, max = PLAN_NUMBER_MAX) =>
  z
    .number({ error: INTEGER_MESSAGE })
    .int({ error: INTEGER_MESSAGE })
    .min(min, { error: max === PLAN_NUMBER_MAX ? minMessage(min) : rangeMessage(min, max) })
    .max(max, { error: max === PLAN_NUMBER_MAX ? TOO_LARGE : rangeMessage(min, max) });
/** The days of a chain duration: "at least 0" as the form says, and the engine's maximum (a plan past it cannot run). */
const durationDays = () =>
  z
    .number({ error: INTEGER_MESSAGE })
    .int({ error: INTEGER_MESSAGE })
    .min(0, { error: minMessage(0) })
    .max(PLAN_DURATION_LIMITS.days, { error: rangeMessage(0, PLAN_DURATION_LIMITS.days) });
const decimalIn = (min: number, max: number) =>
  z
    .number({ error: DECIMAL_MESSAGE })
    .min(min, { error: rangeMessage(min, max) })
    .max(max, { error: rangeMessage(min, max) });
/** A date as milliseconds since the epoch; the server keeps its UTC day, at noon. */
const dateMillis = z
  .number({ error: 'Has to be a date in milliseconds since 1970.' })
  .int({ error: 'Has to be a date in milliseconds since 1970.' })
  .min(DATE_MILLIS_MIN, { error: DATE_MILLIS_MESSAGE })
  .max(DATE_MILLIS_MAX, { error: DATE_MILLIS_MESSAGE })
  .nullish();
const text = (max: number) =>
  safeText({ error: 'Has to be text.' })
    .max(max, { error: `At most ${max} characters.` })
    .nullish();

/** The plan id of a step 1 save: a number (or its digits) for an existing plan, absent or 'new-plan...' for new. */
export const Step1PlanId = z.union([
  z.number().int().positive().max(ID_MAX, { error: ID_TOO_LARGE_MESSAGE }),
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform((s) => Number(s))
    .pipe(z.number().max(ID_MAX, { error: ID_TOO_LARGE_MESSAGE })),
  safeText()
    .max(200)
    .refine((s) => s.includes(NEW_PLAN_MARKER), {
      error: `Has to be a plan id or contain '${NEW_PLAN_MARKER}'.`,
    })
    .transform(() => null),
  z.null(),
]);

export const Step1Parameter = z.object({
  parameterName: z.enum(STUDY_PARAMETER_NAMES, { error: 'Not a study parameter.' }),
  lowerBound: formInteger,
  upperBound: wholeNumber(0).nullish(),
  comments: text(2000),
});

export const Step1Milestone = z.object({
  // DURATION_TO_SITE_ID_FINISH is another name of DURATION_TO_SITE_ID (spec/1 section 3).
  milestoneName: z.preprocess(
    (v) => (v === 'DURATION_TO_SITE_ID_FINISH' ? 'DURATION_TO_SITE_ID' : v),
    z.enum(STUDY_MILESTONE_NAMES, { error: 'Not a study milestone.' }),
  ),
  lowerBound: formDecimal,
  upperBound: wholeNumber(0).nullish(),
  levelOfConfidence: z
    .number({ error: INTEGER_MESSAGE })
    .int({ error: INTEGER_MESSAGE })
    .refine((v) => v === -1 || (v >= 1 && v <= 99), {
      error: 'Has to be -1 (not set) or a value from 1 to 99.',
    })
    .optional(),
  milestoneDateMillis: dateMillis,
  isUserOverride: z.union([z.literal(0), z.literal(1)], { error: 'Has to be 0 or 1.' }).optional(),
  comments: text(2000),
});

/** The plan's uncertainty settings (design/simulation-model.md section 7), with the engine's limits. */
export const UncertaintyInput = z.object({
  studyRateCv: decimalIn(0, 5),
  startupCv: decimalIn(0, 5),
  siteRateCv: decimalIn(0, 5),
  nonEnrollingProbability: decimalIn(0, 0.99),
  /** Per-country (site group) rate factor, shared by the group's sites: CV; 0 = no country term. */
  countryRateCv: decimalIn(0, 5),
  /** Hazard per site-year that an active site falls silent for good; 0 = none. */
  siteInactivationPerYear: decimalIn(0, 10),
  /** Days a new site takes to reach its rate, starting at siteRampUpStart of it; 0 = no ramp-up. */
  siteRampUpDays: decimalIn(0, 3650),
  /** Share of its rate a new site starts at, with a ramp-up. */
  siteRampUpStart: decimalIn(0, 1),
  /** Further linear decline of a site's relative rate per year of site age; 0 = none. */
  siteDecayPerYear: decimalIn(0, 10),
  /** Keep the plan's own settings instead of the approved calibration version's (issue 24). */
  pinDefaultUncertainty: z.boolean({ error: 'Has to be true or false.' }),
});

/**
 * Body of POST /ctpo/study/{studyId}/EnrollmentPlanStep1: the whole plan or only the changed fields of an existing
 * plan (which must carry the rowVersion it was based on). Parameters and milestones are merged by name. Fields the
 * server owns (status, versions, stamps, simulation run) are ignored when sent, so a plan read from GET
 * /ctpo/plan/{planId} can be sent back as it is.
 */
export const EnrollmentPlanStep1Body = z.object({
  studyPlanId: Step1PlanId.optional(),
  studyId: z
    .number({ error: INTEGER_MESSAGE })
    .int({ error: INTEGER_MESSAGE })
    .max(ID_MAX, { error: ID_TOO_LARGE_MESSAGE })
    .optional(),
  /** Required when saving an existing plan (the service answers 400 without it); a new plan has none yet. */
  rowVersion: RowVersion.optional(),
  /** New plans only: 1 Rates (scenario A) or 2 Duration (scenario B); the type of a saved plan cannot change. */
  studyPlanType: z
    .union([z.literal(PLAN_TYPE_RATES), z.literal(PLAN_TYPE_DURATION)], {
      error: 'Has to be 1 (Rates) or 2 (Duration).',
    })
    .optional(),
  /** New plans only: 2 makes a Duration plan a sequential Cohort (D) plan. */
  cohortType: z
    .union([z.literal(COHORT_TYPE_NONE), z.literal(COHORT_TYPE_SEQUENTIAL)], { error: 'Has to be 0 or 2.' })
    .optional(),
  studyPlanName: safeText({ error: 'Has to be text.' })
    .max(1000, { error: 'At most 1000 characters.' })
    .nullish(),
  studyPlanDescr: safeText({ error: 'Has to be text.' })
    .max(10_000, { error: 'At most 10000 characters.' })
    .nullish(),
  croProjectStartDateMillis: dateMillis,
  finalProtocolStartDateMillis: dateMillis,
  enrollmentRate: formDecimal,
  screenFailRate: formDecimal,
  dropOutRate: formDecimal,
  overallEnrollmentDuration: formInteger,
  screeningPeriodDuration: formInteger,
  treatmentDuration: formInteger,
  followUpDuration: formInteger,
  pauseEnrollmentAfterPatient: formInteger,
  pauseEnrollmentDays: formInteger,
  croProjectStartToSiteIdDuration: durationDays().nullish(),
  siteIdToFinalProtocolDuration: durationDays().nullish(),
  regApprovalToFSIVDuration: durationDays().nullish(),
  tfedToDbLockDuration: durationDays().nullish(),
  dbLocktoCSRDuration: durationDays().nullish(),
  csrToTMFCloseAndReturnDuration: durationDays().nullish(),
  opportunityStage: z
    .enum([UNASSIGNED_STAGE, ...OPPORTUNITY_STAGES], { error: 'Not a known opportunity stage.' })
    .optional(),
  isPersonalDraft: z.boolean().optional(),
  templateFlag: z.boolean().optional(),
  ownedBy: text(200),
  actualStep: z
    .union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Unknown step configuration.' })
    .optional(),
  actualAsOfDate: CalendarDay.nullish(),
  comments: text(4000),
  indication: text(500),
  protocolTitle: text(2000),
  simOptSecondsSpentLimit: wholeNumber(1, 86_400).nullish(),
  simOptUnimprovedScoreCalculationLimit: wholeNumber(1, 1_000_000).nullish(),
  uncertainty: UncertaintyInput.partial().optional(),
  parameters: z.array(Step1Parameter).max(20).optional(),
  milestones: z.array(Step1Milestone).max(100).optional(),
});
export type EnrollmentPlanStep1Body = z.infer<typeof EnrollmentPlanStep1Body>;
export type EnrollmentPlanStep1Input = z.input<typeof EnrollmentPlanStep1Body>;
