import { z } from 'zod';
import { INTEGER_MESSAGE } from '../schemas/common';
import { boundedNumber, dateMillis, ID_MAX, int4, safeText } from '../schemas/safe-input';
import { COUNTRY_START_UP_SIZES, SITE_ID_SIZES } from '../plan/constants';
import { RowVersion } from '../plan/row-version-schema';

/**
 * The write contract of plan step 2 (spec/1 section 7): Add / Delete / PATCH country, Save Draft of the five step-2
 * tables, and the milestone-date recomputation. Field rules and their messages live in the validate-* modules of
 * this folder; the server applies them again (superRefine in the route schemas) and answers 400 with
 * fields[{path, message}], the paths below (e.g. countryInputs.0.siteEnrollmentRateAtSIV).
 */
const id = z.number({ error: INTEGER_MESSAGE }).int({ error: INTEGER_MESSAGE }).min(1).max(ID_MAX);
/**
 * A numeric input as the form holds it: null when empty. Range and integer rules come from the validators; the
 * schema only keeps numbers like 1e308 out (they would overflow the columns).
 */
const value = boundedNumber().nullable();
const millis = z.number().int().nullable();
/** A date sent by the client: one a date column can hold. */
const millisInput = dateMillis().nullable();

/** Lower / upper bound of a country count goal (NUM_SITES_ACTIVATED etc.); null when empty. */
export const CountryBounds = z.object({ lowerBound: value, upperBound: value });
export type CountryBounds = z.infer<typeof CountryBounds>;

/** Country inputs of one site group (spec/1 section 5 "Country inputs"). */
export const CountryInputsRow = z.object({
  studyPlanSiteGroupId: id,
  /** patients/site/month */
  siteEnrollmentRateAtSIV: value,
  expectedScreenFailureRate: value,
  expectedTreatmentDropoutRate: value,
  pauseEnrollmentAfterPatient: value,
  pauseEnrollmentDays: value,
  NUM_SITES_ACTIVATED: CountryBounds,
  NUM_SUBJECTS_SCREENED: CountryBounds,
  NUM_SUBJECTS_ENROLLED: CountryBounds,
  NUM_SUBJECTS_TREATED: CountryBounds,
  NUM_SUBJECTS_COMPLETED: CountryBounds,
});
export type CountryInputsRow = z.infer<typeof CountryInputsRow>;

/** One date milestone of a country (ids of COUNTRY_MILESTONES); dates at noon UTC. */
export const CountryMilestoneRow = z.object({
  studyPlanSiteGroupId: id,
  milestoneId: int4(),
  isUserOverride: z.union([z.literal(0), z.literal(1)]),
  milestoneDateMillis: millisInput,
  comments: safeText().max(2000).nullable(),
});
export type CountryMilestoneRow = z.infer<typeof CountryMilestoneRow>;

/** One activation-profile point: cumulative # of sites at days since the first site activation. */
export const ActivationProfilePointInput = z.object({
  siteActivationLabel: safeText().max(50).nullable(),
  siteActivationProfilePct: value,
  siteActivationProfileDays: value,
});
export const CountryActivationProfiles = z.object({
  studyPlanSiteGroupId: id,
  overrideFl: z.boolean(),
  points: z.array(ActivationProfilePointInput).max(50),
});
export type CountryActivationProfiles = z.infer<typeof CountryActivationProfiles>;

/** The 12 monthly seasonal factors (January first), each 0 to 1. */
export const CountrySeasonalVariations = z.object({
  studyPlanSiteGroupId: id,
  values: z.array(value).max(24),
});
export type CountrySeasonalVariations = z.infer<typeof CountrySeasonalVariations>;

/**
 * Site fatigue: after eventualSiteEnrollmentDays (days since a site's activation) its rate has fallen linearly to
 * eventualSiteEnrollmentRate x its rate (0.75 = 75% of the former rate, spec/1 section 9). Both null = none.
 */
export const CountrySiteFatigue = z.object({
  studyPlanSiteGroupId: id,
  eventualSiteEnrollmentDays: value,
  eventualSiteEnrollmentRate: value,
});
export type CountrySiteFatigue = z.infer<typeof CountrySiteFatigue>;

/**
 * POST /ctpo/study/{studyId}/EnrollmentPlanStep2: the five tables, each a list of countries (only the countries
 * sent are written; a table may be empty). All or nothing; rowVersion is the plan's optimistic-concurrency version
 * (409 with currentVersion when stale).
 */
export const EnrollmentPlanStep2Body = z.object({
  studyId: id,
  studyPlanId: id,
  studyPlanType: z.union([z.literal(1), z.literal(2)]),
  rowVersion: RowVersion,
  countryInputs: z.array(CountryInputsRow).max(200).default([]),
  milestones: z.array(CountryMilestoneRow).max(5000).default([]),
  activationProfiles: z.array(CountryActivationProfiles).max(200).default([]),
  enrollmentSeasonalVariations: z.array(CountrySeasonalVariations).max(200).default([]),
  siteFatigue: z.array(CountrySiteFatigue).max(200).default([]),
});
export type EnrollmentPlanStep2Body = z.infer<typeof EnrollmentPlanStep2Body>;
export type EnrollmentPlanStep2Input = z.input<typeof EnrollmentPlanStep2Body>;

/** One row of the step-2 answer (spec: returnCode 200 = ok), one per country milestone after the save. */
export const Step2ResultRow = z.object({
  returnCode: z.number().int(),
  studyPlanMilestoneGoalId: z.number().int().nullable(),
  countryId: z.number().int().nullable(),
  milestoneDateMillis: millis,
  /** The plan's row version after the save (ours: lets the client keep saving without a reload). */
  rowVersion: z.number().int(),
});
export const EnrollmentPlanStep2Response = z.array(Step2ResultRow);
export type EnrollmentPlanStep2Response = z.infer<typeof EnrollmentPlanStep2Response>;

/** POST /ctpo/study/{studyId}/EnrollmentPlanCountryAdd (spec/1 section 7). */
export const EnrollmentPlanCountryAddBody = z.object({
  studyPlanId: id,
  siteGroupId: id,
  NUM_SITES_ACTIVATED_LOWER: value,
  NUM_SITES_ACTIVATED_UPPER: value,
  siteIdEffort: z.enum(SITE_ID_SIZES).nullable(),
  countryStartUpTimeFrame: z.enum(COUNTRY_START_UP_SIZES).nullable(),
  rowVersion: RowVersion,
});
export type EnrollmentPlanCountryAddBody = z.infer<typeof EnrollmentPlanCountryAddBody>;
/** First item: tabIndex = the new country's tab (0-based, plan order). */
export const EnrollmentPlanCountryAddResponse = z.array(
  z.object({
    returnCode: z.string(),
    tabIndex: z.number().int(),
    studyPlanSiteGroupId: z.number().int(),
    countryId: z.number().int(),
    rowVersion: z.number().int(),
  }),
);
export type EnrollmentPlanCountryAddResponse = z.infer<typeof EnrollmentPlanCountryAddResponse>;

/** POST /ctpo/study/{studyId}/EnrollmentPlanCountryDelete. */
export const EnrollmentPlanCountryDeleteBody = z.object({
  studyPlanId: id,
  siteGroupId: id,
  rowVersion: RowVersion,
});
export type EnrollmentPlanCountryDeleteBody = z.infer<typeof EnrollmentPlanCountryDeleteBody>;
export const ReturnCodeResponse = z.array(z.object({ returnCode: z.string(), rowVersion: z.number().int() }));
export type ReturnCodeResponse = z.infer<typeof ReturnCodeResponse>;

/**
 * PATCH /ctpo/country (Edit Country dialog): activated-site bounds, Site ID effort and start-up time frame per site
 * group of one country. A changed activated-sites bound resets that group's activation profile to the reference
 * default (the client warns first, spec/1 section 4).
 */
export const CountryPatchBody = z.object({
  studyPlanId: id,
  countryId: id,
  rowVersion: RowVersion,
  siteGroups: z
    .array(
      z.object({
        siteGroupId: id,
        NUM_SITES_ACTIVATED_LOWER: value,
        NUM_SITES_ACTIVATED_UPPER: value,
        timeSiteIdSize: z.enum(SITE_ID_SIZES).nullable(),
        timeCountryStartUpSize: z.enum(COUNTRY_START_UP_SIZES).nullable(),
      }),
    )
    .min(1)
    .max(20),
});
export type CountryPatchBody = z.infer<typeof CountryPatchBody>;

/**
 * POST /ctpo/milestonedates: recompute the country milestone dates (and, for sequential cohort plans, the cohort
 * chain) from the plan as saved with the unsaved step-2 edits sent here applied; nothing is written. Countries not
 * sent use their saved values.
 */
export const MilestoneDatesBody = z.object({
  studyPlanId: id,
  countryInputs: z.array(CountryInputsRow).max(200).default([]),
  milestones: z.array(CountryMilestoneRow).max(5000).default([]),
  activationProfiles: z.array(CountryActivationProfiles).max(200).default([]),
  enrollmentSeasonalVariations: z.array(CountrySeasonalVariations).max(200).default([]),
  siteFatigue: z.array(CountrySiteFatigue).max(200).default([]),
});
export type MilestoneDatesBody = z.infer<typeof MilestoneDatesBody>;
export type MilestoneDatesInput = z.input<typeof MilestoneDatesBody>;

/** Per country: every COUNTRY_MILESTONES date (null when the plan line does not reach it or inputs are missing). */
export const MilestoneDatesResponse = z.object({
  countries: z.array(
    z.object({
      studyPlanSiteGroupId: z.number().int(),
      countryId: z.number().int(),
      milestones: z.array(
        z.object({
          milestoneId: z.number().int(),
          milestoneDateMillis: millis,
          isUserOverride: z.union([z.literal(0), z.literal(1)]),
        }),
      ),
      /** Activation-profile point dates: the FSIV date plus the point's days (null without FSIV). */
      activationProfileDatesMillis: z.array(millis),
    }),
  ),
  /** Why dates could not be computed (e.g. a missing input), shown as an info line; null when all is well. */
  notice: z.string().nullable(),
});
export type MilestoneDatesResponse = z.infer<typeof MilestoneDatesResponse>;
