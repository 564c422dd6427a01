import { z } from 'zod';
import { SITE_ID_EFFORTS, START_UP_SIZES } from '../site-id-effort';
import { MSG } from './messages';
import { dateMillis, days, decIn, intIn, optionalPatientBounds, siteBounds } from './fields';

/** Milestones of the start-up chain that a user may override (design/simulation-model.md section 3). */
export const OVERRIDABLE_MILESTONES = [
  'siteIdFinish',
  'regulatorySubmission',
  'firstRegulatoryApproval',
  'firstSiteActivation',
  'firstPatientScreened',
] as const;
export type OverridableMilestone = (typeof OVERRIDABLE_MILESTONES)[number];

/** One activation profile point: cumulative number of sites reached `siteActivationProfileDays` after FSIV. */
export const ActivationPoint = z.object({
  siteActivationProfilePct: z.number({ error: MSG.empty }),
  siteActivationProfileDays: z.number({ error: MSG.empty }).int(MSG.integer),
});

/** One seasonal multiplier: month 0 = January, value 0 to 1 (the range and the months: seasonalVariationIssues). */
export const EnrollmentVariation = z.object({
  enrollmentSeasonalMonth: z.number({ error: MSG.integer }),
  enrollmentSeasonalVariation: z.number({ error: MSG.empty }),
});

/** Actuals of one site group for remodel plans (spec/3): what happened up to `asOfDateMillis`. */
export const SiteGroupActuals = z.object({
  asOfDateMillis: dateMillis(),
  siteActivationDatesMillis: z.array(dateMillis()).default([]),
  monthly: z
    .array(
      z.object({
        monthStartMillis: dateMillis(),
        screened: intIn(0),
        enrolled: intIn(0),
        completed: intIn(0),
        dropped: intIn(0),
      }),
    )
    .default([]),
  /**
   * Optional per-site evidence (calibration.md section 2): each site activated by the as-of date, its patients
   * screened up to the as-of date, the first day of the last month in which it screened anyone (null: never), and
   * the day it closed (null: open). When present the remodel estimates the between-site spread of rates from it and
   * treats long-silent sites as probably inactive; absent, the group's totals stand for its sites.
   */
  sites: z
    .array(
      z.object({
        activationDateMillis: dateMillis(),
        screened: intIn(0),
        lastScreenedMonthMillis: dateMillis().nullish(),
        closedDateMillis: dateMillis().nullish(),
      }),
    )
    .optional(),
});

/** A site group (country) of the plan with the admin reference values it uses (spec/1 section 3, spec/3). */
export const SiteGroupInput = z.object({
  siteGroupId: z.union([z.string().min(1, MSG.empty), z.number().int()]).transform(String),
  siteGroupName: z.string({ error: MSG.empty }).min(1, MSG.empty),
  countryIso3: z.string({ error: MSG.empty }).regex(/^[A-Z]{3}$/, 'Has to be a 3-letter ISO code.'),
  region: z.string({ error: MSG.empty }).min(1, MSG.empty),
  /** Number of activated sites: lower bound (scenario A) and upper bound (scenario B). */
  NUM_SITES_ACTIVATED: siteBounds(),
  /** Enrollment rate at SIV, patients/site/month; falls back to the study's enrollmentRate. */
  siteEnrollmentRateAtSIV: decIn(0, 100).nullish(),
  expectedScreenFailureRate: decIn(0, 0.99).nullish(),
  expectedTreatmentDropoutRate: decIn(0, 0.99).nullish(),
  /** Country patient bounds; upper bounds of screened and enrolled are caps on the plan line. */
  NUM_SUBJECTS_SCREENED: optionalPatientBounds(MSG.screenedPositive).nullish(),
  NUM_SUBJECTS_ENROLLED: optionalPatientBounds(MSG.enrolledPositive).nullish(),
  NUM_SUBJECTS_TREATED: optionalPatientBounds(MSG.treatedPositive).nullish(),
  NUM_SUBJECTS_COMPLETED: optionalPatientBounds(MSG.completedPositive).nullish(),
  /** Site ID effort; derived from the site count (spec/1 section 9) when absent. */
  timeSiteIdSize: z.enum(SITE_ID_EFFORTS).nullish(),
  timeSiteIdSmallDays: days(),
  timeSiteIdMediumDays: days(),
  timeSiteIdLargeDays: days(),
  timeCountryStartUpSize: z.enum(START_UP_SIZES, { error: MSG.empty }),
  timeCountryStartUpSuperShortDays: days(),
  timeCountryStartUpShortDays: days(),
  timeCountryStartUpMediumDays: days(),
  timeCountryStartUpLongDays: days(),
  packagePrepDays: days(),
  isRollingSubmission: z
    .union([z.literal(0), z.literal(1), z.boolean()])
    .nullish()
    .transform((v) => v === 1 || v === true),
  firstSiteIdDays: days().nullish(),
  timeSIVDays: days(),
  timeFirstPatientScreenDays: days(),
  /** At most ACTIVATION_PROFILE_MAX_ROWS points (validateActivationProfile). */
  activationProfiles: z.array(ActivationPoint).nullish(),
  enrollmentVariations: z.array(EnrollmentVariation).nullish(),
  /** Site fatigue: the rate falls linearly to eventualSiteEnrollmentRate x the initial rate over these days. */
  eventualSiteEnrollmentDays: intIn(1, 9999).nullish(),
  eventualSiteEnrollmentRate: decIn(0, 1).nullish(),
  pauseEnrollmentAfterPatient: intIn(1, 9999).nullish(),
  pauseEnrollmentDays: intIn(1, 9999).nullish(),
  milestoneOverrides: z
    .array(z.object({ milestone: z.enum(OVERRIDABLE_MILESTONES), dateMillis: dateMillis() }))
    .nullish(),
  actuals: SiteGroupActuals.nullish(),
});
export type SiteGroupInput = z.output<typeof SiteGroupInput>;
