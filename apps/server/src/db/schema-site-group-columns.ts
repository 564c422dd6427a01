import { boolean, integer, smallint } from 'drizzle-orm/pg-core';

/**
 * The start-up reference values of a site group (spec/3 Site group (admin)), in days. Plans keep their own copy
 * of them (study_plan_site_groups), so both tables build the same columns from here.
 */
export const siteGroupReferenceColumns = () => ({
  timeSiteIdSmallDays: integer('time_site_id_small_days').notNull(),
  timeSiteIdMediumDays: integer('time_site_id_medium_days').notNull(),
  timeSiteIdLargeDays: integer('time_site_id_large_days').notNull(),
  timeCountryStartUpSuperShortDays: integer('time_country_start_up_super_short_days').notNull(),
  timeCountryStartUpShortDays: integer('time_country_start_up_short_days').notNull(),
  timeCountryStartUpMediumDays: integer('time_country_start_up_medium_days').notNull(),
  timeCountryStartUpLongDays: integer('time_country_start_up_long_days').notNull(),
  packagePrepDays: integer('package_prep_days').notNull(),
  isRollingSubmission: smallint('is_rolling_submission').notNull().default(0),
  firstSiteIdDays: integer('first_site_id_days').notNull().default(0),
  timeSivDays: integer('time_siv_days').notNull(),
  timeFirstPatientScreenDays: integer('time_first_patient_screen_days').notNull(),
  isCtisEligible: boolean('is_ctis_eligible').notNull().default(false),
});
