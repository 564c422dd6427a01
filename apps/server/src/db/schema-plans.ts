import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { DEFAULT_COHORT_PHASE_NAMES, DEFAULT_UNCERTAINTY, UNASSIGNED_STAGE } from '@predict/shared';
import { siteGroups, studies } from './schema-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

/**
 * A study plan (spec/1 section 3). Plan dates are timestamptz at noon UTC; the API shows them as milliseconds.
 * Deletion is soft (deleted_at), so an admin can recover a plan and auditors can still see it.
 */
export const studyPlans = pgTable(
  'study_plans',
  {
    studyPlanId: serial('study_plan_id').primaryKey(),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.studyId, { onDelete: 'cascade' }),
    studyPlanName: text('study_plan_name').notNull(),
    studyPlanDescr: text('study_plan_descr').notNull(),
    studyPlanVersion: integer('study_plan_version').notNull().default(1),
    studyPlanType: smallint('study_plan_type').notNull(),
    studyPlanTypeDetail: text('study_plan_type_detail').notNull(),
    cohortType: smallint('cohort_type').notNull().default(0),
    scenarioStatus: text('scenario_status').notNull().default('Draft'),
    opportunityStage: text('opportunity_stage').notNull().default(UNASSIGNED_STAGE),
    isPersonalDraft: boolean('is_personal_draft').notNull().default(false),
    templateFlag: boolean('template_flag').notNull().default(false),
    ownedBy: text('owned_by'),
    // The creator's key (issuer + subject) decides who may delete; insertBy is the name shown.
    createdByIssuer: text('created_by_issuer').notNull(),
    createdBySubject: text('created_by_subject').notNull(),
    insertBy: text('insert_by').notNull(),
    insertDate: ts('insert_date').notNull().defaultNow(),
    updateBy: text('update_by').notNull(),
    updateDate: ts('update_date').notNull().defaultNow(),
    publishBy: text('publish_by'),
    publishTs: ts('publish_ts'),
    actualStep: smallint('actual_step').notNull().default(1),
    actualAsOfDate: day('actual_as_of_date'),
    comments: text('comments'),
    indication: text('indication'),
    protocolTitle: text('protocol_title'),
    clonedStudyPlanId: integer('cloned_study_plan_id').references((): AnyPgColumn => studyPlans.studyPlanId, {
      onDelete: 'set null',
    }),
    simOptRunId: text('sim_opt_run_id'),
    simOptRunStatus: text('sim_opt_run_status'),
    simOptRunMsg: text('sim_opt_run_msg'),
    simOptSecondsSpentLimit: integer('sim_opt_seconds_spent_limit'),
    simOptUnimprovedScoreCalculationLimit: integer('sim_opt_unimproved_score_calculation_limit'),
    croProjectStartToSiteIdDuration: integer('cro_project_start_to_site_id_duration'),
    siteIdToFinalProtocolDuration: integer('site_id_to_final_protocol_duration'),
    regApprovalToFSIVDuration: integer('reg_approval_to_fsiv_duration'),
    screeningPeriodDuration: integer('screening_period_duration'),
    treatmentDuration: integer('treatment_duration'),
    followUpDuration: integer('follow_up_duration'),
    // Close-out durations: the documented defaults of close-out-fields.ts (migration 0017 backfilled older plans).
    tfedToDbLockDuration: integer('tfed_to_db_lock_duration').default(45),
    dbLocktoCSRDuration: integer('db_lock_to_csr_duration').default(90),
    csrToTMFCloseAndReturnDuration: integer('csr_to_tmf_close_and_return_duration').default(60),
    overallEnrollmentDuration: integer('overall_enrollment_duration'),
    enrollmentRate: doublePrecision('enrollment_rate'),
    screenFailRate: doublePrecision('screen_fail_rate'),
    dropOutRate: doublePrecision('drop_out_rate'),
    croProjectStartDate: ts('cro_project_start_date'),
    finalProtocolStartDate: ts('final_protocol_start_date'),
    pauseEnrollmentAfterPatient: integer('pause_enrollment_after_patient'),
    pauseEnrollmentDays: integer('pause_enrollment_days'),
    // Uncertainty of the forecast (simulation model section 7), per plan so an organisation can calibrate them.
    studyRateCv: doublePrecision('study_rate_cv').notNull().default(DEFAULT_UNCERTAINTY.studyRateCv),
    startupCv: doublePrecision('startup_cv').notNull().default(DEFAULT_UNCERTAINTY.startupCv),
    siteRateCv: doublePrecision('site_rate_cv').notNull().default(DEFAULT_UNCERTAINTY.siteRateCv),
    nonEnrollingProbability: doublePrecision('non_enrolling_probability')
      .notNull()
      .default(DEFAULT_UNCERTAINTY.nonEnrollingProbability),
    countryRateCv: doublePrecision('country_rate_cv').notNull().default(DEFAULT_UNCERTAINTY.countryRateCv),
    siteInactivationPerYear: doublePrecision('site_inactivation_per_year')
      .notNull()
      .default(DEFAULT_UNCERTAINTY.siteInactivationPerYear),
    // The site age profile (the engine's model/age-profile.ts): ramp-up from a share of the rate, and decay.
    siteRampUpDays: doublePrecision('site_ramp_up_days')
      .notNull()
      .default(DEFAULT_UNCERTAINTY.siteRampUpDays),
    siteRampUpStart: doublePrecision('site_ramp_up_start')
      .notNull()
      .default(DEFAULT_UNCERTAINTY.siteRampUpStart),
    siteDecayPerYear: doublePrecision('site_decay_per_year')
      .notNull()
      .default(DEFAULT_UNCERTAINTY.siteDecayPerYear),
    // Issue 24: true keeps the plan's own settings even when an approved calibration version exists.
    pinDefaultUncertainty: boolean('pin_default_uncertainty').notNull().default(false),
    dtlPhaseName: text('dtl_phase_name').notNull().default(DEFAULT_COHORT_PHASE_NAMES.dtl),
    srcPhaseName: text('src_phase_name').notNull().default(DEFAULT_COHORT_PHASE_NAMES.src),
    rowVersion: integer('row_version').notNull().default(1),
    deletedAt: ts('deleted_at'),
    deletedBy: text('deleted_by'),
  },
  (t) => [
    // The study's plan list reads only live plans.
    index('study_plans_study_idx')
      .on(t.studyId, t.updateDate)
      .where(sql`${t.deletedAt} is null`),
    // Names are unique per study among live plans, compared trimmed and case-insensitively (spec/1 section 5); the
    // service checks first for the message, this index closes the race between two saves.
    uniqueIndex('study_plans_study_name_key')
      .on(t.studyId, sql`lower(btrim(${t.studyPlanName}))`)
      .where(sql`${t.deletedAt} is null`),
    check('study_plans_type_check', sql`${t.studyPlanType} in (1, 2)`),
    check('study_plans_cohort_type_check', sql`${t.cohortType} in (0, 2)`),
    check(
      'study_plans_status_check',
      sql`${t.scenarioStatus} in ('Draft', 'Baseline Plan', 'Ongoing Study', 'Post-Proposal', 'Proposal', 'Draft-Combo')`,
    ),
    check('study_plans_step_check', sql`${t.actualStep} in (1, 2, 3)`),
  ],
);

const planLink = () =>
  integer('study_plan_id')
    .notNull()
    .references(() => studyPlans.studyPlanId, { onDelete: 'cascade' });

/** A row of a sequential cohort plan's cohort table (spec/1 section 3); dates are calendar days. */
export const studyPlanCohorts = pgTable(
  'study_plan_cohorts',
  {
    studyPlanCohortId: serial('study_plan_cohort_id').primaryKey(),
    studyPlanId: planLink(),
    position: smallint('position').notNull(),
    cohortName: text('cohort_name').notNull(),
    predecessorCohortName: text('predecessor_cohort_name'),
    predecessorActivity: text('predecessor_activity'),
    patients: integer('patients'),
    lagDays: integer('lag_days'),
    cohortStartDate: day('cohort_start_date'),
    cohortStartDay: integer('cohort_start_day'),
    screeningDurationDays: integer('screening_duration_days'),
    screeningEndDate: day('screening_end_date'),
    screeningEndDay: integer('screening_end_day'),
    enrollingDurationDays: integer('enrolling_duration_days'),
    enrollingEndDate: day('enrolling_end_date'),
    enrollingEndDay: integer('enrolling_end_day'),
    dtlDurationDays: integer('dtl_duration_days'),
    dtlEndDate: day('dtl_end_date'),
    dtlEndDay: integer('dtl_end_day'),
    srcDurationDays: integer('src_duration_days'),
    srcEndDate: day('src_end_date'),
    srcEndDay: integer('src_end_day'),
  },
  (t) => [
    uniqueIndex('study_plan_cohorts_name_key').on(t.studyPlanId, t.cohortName),
    index('study_plan_cohorts_position_idx').on(t.studyPlanId, t.position),
  ],
);

/** A plan's CTIS submission choice for one of its site groups (spec/1 section 3). */
export const studyPlanCtisSubmissions = pgTable(
  'study_plan_ctis_submissions',
  {
    studyPlanCtisSubmissionId: serial('study_plan_ctis_submission_id').primaryKey(),
    studyPlanId: planLink(),
    siteGroupId: integer('site_group_id')
      .notNull()
      .references(() => siteGroups.siteGroupId),
    includeExclude: text('include_exclude').notNull().default('i'),
    regSubmissionDateUserProvided: ts('reg_submission_date_user_provided'),
    regSubmissionDate: ts('reg_submission_date'),
    useLatestRegSubmissionsDate: boolean('use_latest_reg_submissions_date').notNull().default(false),
    enterNewDate: ts('enter_new_date'),
    resetRegSubmissionDates: boolean('reset_reg_submission_dates').notNull().default(false),
  },
  (t) => [
    uniqueIndex('study_plan_ctis_submissions_key').on(t.studyPlanId, t.siteGroupId),
    check('study_plan_ctis_include_check', sql`${t.includeExclude} in ('i', 'e')`),
  ],
);

/** The constituents of a combination plan, in the order chosen. */
export const studyPlanCombinationMembers = pgTable(
  'study_plan_combination_members',
  {
    combinationPlanId: integer('combination_plan_id')
      .notNull()
      .references(() => studyPlans.studyPlanId, { onDelete: 'cascade' }),
    // Plans are deleted softly; a hard delete of a constituent must not silently shrink a combination.
    memberPlanId: integer('member_plan_id')
      .notNull()
      .references(() => studyPlans.studyPlanId, { onDelete: 'restrict' }),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.combinationPlanId, t.memberPlanId] }),
    index('study_plan_combination_members_member_idx').on(t.memberPlanId),
  ],
);
