import { z } from 'zod';
import { COHORT_PREDECESSOR_ACTIVITIES, COUNTRY_START_UP_SIZES, SITE_ID_SIZES } from './constants';

const int = z.number().int();
const num = z.number();
/** Milliseconds since the epoch; plan dates are stored at noon UTC. */
const millis = z.number().int().nullable();
/** A calendar day as YYYY-MM-DD (cohort dates are sent this way, spec/1 section 9). */
const day = z.string().nullable();

/** A parameter of the plan (spec/1 section 3); study-level ones have no country. */
export const StudyPlanParameter = z
  .object({
    studyPlanParameterId: int,
    parameterScope: z.enum(['study', 'country']),
    parameterId: int,
    parameterName: z.string(),
    parameterDescr: z.string().nullable(),
    lowerBound: num.nullable(),
    upperBound: num.nullable(),
    comments: z.string().nullable(),
    countryId: int.nullable(),
    studyPlanSiteGroupId: int.nullable(),
  })
  .meta({ id: 'StudyPlanParameter' });
export type StudyPlanParameter = z.infer<typeof StudyPlanParameter>;

/** A milestone goal of the plan (spec/1 section 3); levelOfConfidence -1 means unset (50%). */
export const StudyPlanMilestone = z
  .object({
    studyPlanMilestoneGoalId: int,
    milestoneScope: z.enum(['study', 'country']),
    milestoneId: int,
    milestoneName: z.string(),
    milestoneDescr: z.string().nullable(),
    milestoneLabel: z.string().nullable(),
    lowerBound: num.nullable(),
    upperBound: num.nullable(),
    levelOfConfidence: int,
    comments: z.string().nullable(),
    milestoneDateMillis: millis,
    isUserOverride: z.union([z.literal(0), z.literal(1)]),
    countryId: int.nullable(),
    studyPlanSiteGroupId: int.nullable(),
  })
  .meta({ id: 'StudyPlanMilestone' });
export type StudyPlanMilestone = z.infer<typeof StudyPlanMilestone>;

export const PlanActivationProfile = z
  .object({
    siteActivationProfileId: int,
    siteActivationLabel: z.string().nullable(),
    /** Cumulative number of sites. */
    siteActivationProfilePct: num,
    /** Days since the first site activation. */
    siteActivationProfileDays: int,
    siteActivationProfileDateMillis: millis,
    overrideFl: z.boolean(),
  })
  .meta({ id: 'PlanActivationProfile' });

export const PlanEnrollmentVariation = z
  .object({
    seasonalEnrollmentVariationId: int,
    enrollmentSeasonalMonth: int,
    enrollmentSeasonalVariation: num,
  })
  .meta({ id: 'PlanEnrollmentVariation' });

/**
 * A site group in the plan: the reference values copied when the country was added (so later admin edits do not
 * change existing plans; referenceVersion says which admin version they came from) plus the plan's own inputs.
 */
export const PlanSiteGroup = z
  .object({
    studyPlanSiteGroupId: int,
    siteGroupId: int,
    siteGroupName: z.string(),
    referenceVersion: int,
    parameters: z.array(StudyPlanParameter),
    milestones: z.array(StudyPlanMilestone),
    timeSiteIdSize: z.enum(SITE_ID_SIZES).nullable(),
    timeCountryStartUpSize: z.enum(COUNTRY_START_UP_SIZES).nullable(),
    siteEnrollmentRateAtSIV: num.nullable(),
    expectedScreenFailureRate: num.nullable(),
    expectedTreatmentDropoutRate: num.nullable(),
    eventualSiteEnrollmentDays: int.nullable(),
    eventualSiteEnrollmentRate: num.nullable(),
    pauseEnrollmentAfterPatient: int.nullable(),
    pauseEnrollmentDays: int.nullable(),
    activationProfileOverride: z.boolean(),
    timeSiteIdSmallDays: int,
    timeSiteIdMediumDays: int,
    timeSiteIdLargeDays: int,
    timeCountryStartUpSuperShortDays: int,
    timeCountryStartUpShortDays: int,
    timeCountryStartUpMediumDays: int,
    timeCountryStartUpLongDays: int,
    packagePrepDays: int,
    isRollingSubmission: z.union([z.literal(0), z.literal(1)]),
    firstSiteIdDays: int,
    timeSIVDays: int,
    timeFirstPatientScreenDays: int,
    isCtisEligible: z.boolean(),
    activationProfiles: z.array(PlanActivationProfile),
    enrollmentVariations: z.array(PlanEnrollmentVariation),
  })
  .meta({ id: 'PlanSiteGroup' });
export type PlanSiteGroup = z.infer<typeof PlanSiteGroup>;

/** A country of the plan; its first site group is the one used (spec/1 section 3). */
export const PlanCountry = z
  .object({
    countryId: int,
    countryName: z.string(),
    countryCodeISO3: z.string(),
    region: z.string(),
    siteGroups: z.array(PlanSiteGroup),
  })
  .meta({ id: 'PlanCountry' });
export type PlanCountry = z.infer<typeof PlanCountry>;

/** A row of the sequential cohort table (spec/1 section 3). */
export const SequentialCohortRow = z
  .object({
    studyPlanCohortId: int,
    studyPlanId: int,
    cohortName: z.string(),
    predecessorCohortName: z.string().nullable(),
    predecessorActivity: z.enum(COHORT_PREDECESSOR_ACTIVITIES).nullable(),
    patients: int.nullable(),
    lagDays: int.nullable(),
    cohortStartDate: day,
    cohortStartDay: int.nullable(),
    screeningDurationDays: int.nullable(),
    screeningEndDate: day,
    screeningEndDay: int.nullable(),
    enrollingDurationDays: int.nullable(),
    enrollingEndDate: day,
    enrollingEndDay: int.nullable(),
    dtlDurationDays: int.nullable(),
    dtlEndDate: day,
    dtlEndDay: int.nullable(),
    srcDurationDays: int.nullable(),
    srcEndDate: day,
    srcEndDay: int.nullable(),
  })
  .meta({ id: 'SequentialCohortRow' });
export type SequentialCohortRow = z.infer<typeof SequentialCohortRow>;

/** A CTIS submission row of the plan (spec/1 section 3). */
export const CtisSubmissionRow = z
  .object({
    studyId: int,
    studyPlanId: int,
    siteGroupId: int,
    includeExclude: z.enum(['i', 'e']),
    regSubmissionDateUserProvided: millis,
    regSubmissionDate: millis,
    useLatestRegSubmissionsDate: z.boolean(),
    enterNewDate: millis,
    resetRegSubmissionDates: z.boolean(),
  })
  .meta({ id: 'CtisSubmissionRow' });
export type CtisSubmissionRow = z.infer<typeof CtisSubmissionRow>;
