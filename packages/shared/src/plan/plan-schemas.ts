import { z } from 'zod';
import { IdParam } from '../schemas/common';
import { PLAN_STATUSES, PLAN_TYPE_DETAILS } from './constants';
import {
  CtisSubmissionRow,
  PlanCountry,
  SequentialCohortRow,
  StudyPlanMilestone,
  StudyPlanParameter,
} from './plan-children-schemas';

const int = z.number().int();
const intOrNull = int.nullable();
/** An instant as an ISO 8601 timestamp (UTC), like the study list's dates. */
const instant = z.string().nullable();

/** Advanced uncertainty settings of the forecast (design/simulation-model.md section 7). */
export const PlanUncertainty = z
  .object({
    studyRateCv: z.number(),
    startupCv: z.number(),
    siteRateCv: z.number(),
    nonEnrollingProbability: z.number(),
    countryRateCv: z.number(),
    siteInactivationPerYear: z.number(),
    siteRampUpDays: z.number(),
    siteRampUpStart: z.number(),
    siteDecayPerYear: z.number(),
    /**
     * True: runs use these settings even when an approved calibration version exists; false (default): a run takes
     * the version's fitted settings (CALIBRATED_SETTING_KEYS) and these for the rest. Always sent by the server.
     */
    pinDefaultUncertainty: z.boolean().optional(),
  })
  .meta({ id: 'PlanUncertainty' });

/** What the plan list and the plan share: identity, type, status, audit stamps and the caller's rights. */
const planHeader = {
  studyPlanId: int,
  studyId: int,
  studyPlanName: z.string(),
  studyPlanDescr: z.string(),
  studyPlanVersion: int,
  studyPlanType: z.union([z.literal(1), z.literal(2)]),
  studyPlanTypeDetail: z.enum(PLAN_TYPE_DETAILS),
  cohortType: int,
  scenarioStatus: z.enum(PLAN_STATUSES),
  opportunityStage: z.string(),
  ownedBy: z.string().nullable(),
  insertBy: z.string(),
  insertDate: z.string(),
  updateBy: z.string(),
  updateDate: z.string(),
  publishBy: z.string().nullable(),
  publishTs: instant,
  actualStep: int,
  clonedStudyPlanId: intOrNull,
  simOptRunId: z.string().nullable(),
  simOptRunStatus: z.string().nullable(),
  /** Optimistic concurrency: every write of the plan must send the version it was based on. */
  rowVersion: int,
  /** The caller may edit the plan: Draft and not read-only. */
  isEditable: z.boolean(),
  /** The caller may delete the plan: Draft or Draft-Combo, the caller created it, not read-only. */
  isDeletable: z.boolean(),
};

/** A row of the study's plan table (GET /ctpo/plans/study/{studyId}). */
export const StudyPlanListRow = z.object(planHeader).meta({ id: 'StudyPlanListRow' });
export type StudyPlanListRow = z.infer<typeof StudyPlanListRow>;

/** One plan with everything steps 1 to 3 and the simulation read (GET /ctpo/plan/{planId}). */
export const StudyPlan = z
  .object({
    ...planHeader,
    projectId: z.string(),
    studyName: z.string(),
    sponsorName: z.string(),
    isPersonalDraft: z.boolean(),
    templateFlag: z.boolean(),
    actualAsOfDate: z.string().nullable(),
    comments: z.string().nullable(),
    indication: z.string().nullable(),
    protocolTitle: z.string().nullable(),
    simOptRunMsg: z.string().nullable(),
    simOptSecondsSpentLimit: intOrNull,
    simOptUnimprovedScoreCalculationLimit: intOrNull,
    croProjectStartToSiteIdDuration: intOrNull,
    siteIdToFinalProtocolDuration: intOrNull,
    regApprovalToFSIVDuration: intOrNull,
    screeningPeriodDuration: intOrNull,
    treatmentDuration: intOrNull,
    followUpDuration: intOrNull,
    tfedToDbLockDuration: intOrNull,
    dbLocktoCSRDuration: intOrNull,
    csrToTMFCloseAndReturnDuration: intOrNull,
    overallEnrollmentDuration: intOrNull,
    enrollmentRate: z.number().nullable(),
    screenFailRate: z.number().nullable(),
    dropOutRate: z.number().nullable(),
    croProjectStartDateMillis: intOrNull,
    finalProtocolStartDateMillis: intOrNull,
    pauseEnrollmentAfterPatient: intOrNull,
    pauseEnrollmentDays: intOrNull,
    uncertainty: PlanUncertainty,
    /** The two editable names of the sequential cohort table's extra phase columns. */
    dtlPhaseName: z.string(),
    srcPhaseName: z.string(),
    parameters: z.array(StudyPlanParameter),
    milestones: z.array(StudyPlanMilestone),
    countries: z.array(PlanCountry),
    cohorts: z.array(SequentialCohortRow),
    ctisSubmissions: z.array(CtisSubmissionRow),
    /** For combination plans: the constituent plans, in the order chosen. */
    combinationMemberIds: z.array(int),
  })
  .meta({ id: 'StudyPlan' });
export type StudyPlan = z.infer<typeof StudyPlan>;

export const PlanIdParams = z.object({ planId: IdParam });

/** The step 1 answer: the saved plan, its Id (for a new plan) and the form's warnings. */
export const EnrollmentPlanStep1Response = StudyPlan.extend({
  Id: int,
  returnCode: z.literal('200'),
  warnings: z.array(z.string()),
}).meta({ id: 'EnrollmentPlanStep1Response' });
export type EnrollmentPlanStep1Response = z.infer<typeof EnrollmentPlanStep1Response>;

/** One row of the list answers of Save As, Delete, Clone and Combination; the first row carries the result. */
export const PlanReturnRow = z
  .object({
    returnCode: z.string(),
    returnDesc: z.string().optional(),
    studyPlanId: int,
    studyId: int.optional(),
    scenarioStatus: z.enum(PLAN_STATUSES).optional(),
    studyPlanVersion: int.optional(),
    rowVersion: int.optional(),
  })
  .meta({ id: 'PlanReturnRow' });
export type PlanReturnRow = z.infer<typeof PlanReturnRow>;

/** 409 answer when a write was based on an older version of the plan. */
export const PlanVersionConflict = z
  .object({ error: z.string(), message: z.string(), currentVersion: int })
  .meta({ id: 'PlanVersionConflict' });
