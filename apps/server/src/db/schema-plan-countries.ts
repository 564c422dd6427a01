import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { countries, siteGroups } from './schema-core';
import { siteGroupReferenceColumns } from './schema-site-group-columns';
import { studyPlans } from './schema-plans';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A country (site group) in a plan: a copy of the site group's reference values taken when it was added, so admin
 * edits do not change existing plans, plus the plan's own inputs for it.
 */
export const studyPlanSiteGroups = pgTable(
  'study_plan_site_groups',
  {
    studyPlanSiteGroupId: serial('study_plan_site_group_id').primaryKey(),
    studyPlanId: integer('study_plan_id')
      .notNull()
      .references(() => studyPlans.studyPlanId, { onDelete: 'cascade' }),
    siteGroupId: integer('site_group_id')
      .notNull()
      .references(() => siteGroups.siteGroupId),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.countryId),
    position: smallint('position').notNull(),
    siteGroupName: text('site_group_name').notNull(),
    referenceVersion: integer('reference_version').notNull(),
    ...siteGroupReferenceColumns(),
    timeSiteIdSize: text('time_site_id_size'),
    timeCountryStartUpSize: text('time_country_start_up_size'),
    siteEnrollmentRateAtSiv: doublePrecision('site_enrollment_rate_at_siv'),
    expectedScreenFailureRate: doublePrecision('expected_screen_failure_rate'),
    expectedTreatmentDropoutRate: doublePrecision('expected_treatment_dropout_rate'),
    eventualSiteEnrollmentDays: integer('eventual_site_enrollment_days'),
    eventualSiteEnrollmentRate: doublePrecision('eventual_site_enrollment_rate'),
    pauseEnrollmentAfterPatient: integer('pause_enrollment_after_patient'),
    pauseEnrollmentDays: integer('pause_enrollment_days'),
    activationProfileOverride: boolean('activation_profile_override').notNull().default(false),
  },
  (t) => [uniqueIndex('study_plan_site_groups_key').on(t.studyPlanId, t.siteGroupId)],
);

const siteGroupLink = (name: string) =>
  integer(name).references(() => studyPlanSiteGroups.studyPlanSiteGroupId, { onDelete: 'cascade' });
const planLink = () =>
  integer('study_plan_id')
    .notNull()
    .references(() => studyPlans.studyPlanId, { onDelete: 'cascade' });

/** A parameter of a plan: study-level (no site group) or of one of its countries. */
export const studyPlanParameters = pgTable(
  'study_plan_parameters',
  {
    studyPlanParameterId: serial('study_plan_parameter_id').primaryKey(),
    studyPlanId: planLink(),
    studyPlanSiteGroupId: siteGroupLink('study_plan_site_group_id'),
    parameterScope: text('parameter_scope').notNull(),
    parameterId: integer('parameter_id').notNull(),
    parameterName: text('parameter_name').notNull(),
    parameterDescr: text('parameter_descr'),
    lowerBound: doublePrecision('lower_bound'),
    upperBound: doublePrecision('upper_bound'),
    comments: text('comments'),
  },
  (t) => [
    index('study_plan_parameters_plan_idx').on(t.studyPlanId),
    uniqueIndex('study_plan_parameters_study_key')
      .on(t.studyPlanId, t.parameterName)
      .where(sql`${t.studyPlanSiteGroupId} is null`),
    uniqueIndex('study_plan_parameters_country_key')
      .on(t.studyPlanSiteGroupId, t.parameterName)
      .where(sql`${t.studyPlanSiteGroupId} is not null`),
    check('study_plan_parameters_scope_check', sql`${t.parameterScope} in ('study', 'country')`),
  ],
);

/** A milestone goal of a plan: study-level (no site group) or of one of its countries. */
export const studyPlanMilestones = pgTable(
  'study_plan_milestones',
  {
    studyPlanMilestoneGoalId: serial('study_plan_milestone_goal_id').primaryKey(),
    studyPlanId: planLink(),
    studyPlanSiteGroupId: siteGroupLink('study_plan_site_group_id'),
    milestoneScope: text('milestone_scope').notNull(),
    milestoneId: integer('milestone_id').notNull(),
    milestoneName: text('milestone_name').notNull(),
    milestoneDescr: text('milestone_descr'),
    milestoneLabel: text('milestone_label'),
    position: smallint('position').notNull().default(0),
    lowerBound: doublePrecision('lower_bound'),
    upperBound: doublePrecision('upper_bound'),
    levelOfConfidence: integer('level_of_confidence').notNull().default(-1),
    comments: text('comments'),
    milestoneDate: ts('milestone_date'),
    isUserOverride: smallint('is_user_override').notNull().default(0),
  },
  (t) => [
    index('study_plan_milestones_plan_idx').on(t.studyPlanId),
    uniqueIndex('study_plan_milestones_study_key')
      .on(t.studyPlanId, t.milestoneName)
      .where(sql`${t.studyPlanSiteGroupId} is null`),
    uniqueIndex('study_plan_milestones_country_key')
      .on(t.studyPlanSiteGroupId, t.milestoneName)
      .where(sql`${t.studyPlanSiteGroupId} is not null`),
    check('study_plan_milestones_scope_check', sql`${t.milestoneScope} in ('study', 'country')`),
    check('study_plan_milestones_override_check', sql`${t.isUserOverride} in (0, 1)`),
  ],
);

/** A country's activation profile in a plan: up to 11 points (cumulative sites, days since first activation). */
export const studyPlanActivationProfiles = pgTable(
  'study_plan_activation_profiles',
  {
    siteActivationProfileId: serial('site_activation_profile_id').primaryKey(),
    studyPlanSiteGroupId: siteGroupLink('study_plan_site_group_id').notNull(),
    position: smallint('position').notNull(),
    siteActivationLabel: text('site_activation_label'),
    siteActivationProfilePct: doublePrecision('site_activation_profile_pct').notNull(),
    siteActivationProfileDays: integer('site_activation_profile_days').notNull(),
    siteActivationProfileDate: ts('site_activation_profile_date'),
    overrideFl: boolean('override_fl').notNull().default(false),
  },
  (t) => [
    uniqueIndex('study_plan_activation_profiles_key').on(t.studyPlanSiteGroupId, t.position),
    check('study_plan_activation_profiles_position_check', sql`${t.position} between 0 and 10`),
  ],
);

/** A country's monthly seasonal enrollment factor in a plan (month 0-11, value 0 to 1). */
export const studyPlanSeasonalVariations = pgTable(
  'study_plan_seasonal_variations',
  {
    seasonalEnrollmentVariationId: serial('seasonal_enrollment_variation_id').primaryKey(),
    studyPlanSiteGroupId: siteGroupLink('study_plan_site_group_id').notNull(),
    enrollmentSeasonalMonth: smallint('enrollment_seasonal_month').notNull(),
    enrollmentSeasonalVariation: doublePrecision('enrollment_seasonal_variation').notNull(),
  },
  (t) => [
    uniqueIndex('study_plan_seasonal_variations_key').on(t.studyPlanSiteGroupId, t.enrollmentSeasonalMonth),
    check('study_plan_seasonal_variations_month_check', sql`${t.enrollmentSeasonalMonth} between 0 and 11`),
  ],
);
