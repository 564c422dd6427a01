import {
  COUNTRY_GOALS,
  COUNTRY_MILESTONES,
  type PlanCountry,
  type PlanSiteGroup,
  type SiteGroupOption,
  type StudyPlanMilestone,
} from '@predict/shared';

let nextId = 1000;

const goal = (name: keyof typeof COUNTRY_GOALS, lower: number | null, upper: number | null = null) => ({
  milestoneId: COUNTRY_GOALS[name],
  milestoneName: name,
  lowerBound: lower,
  upperBound: upper,
  milestoneDateMillis: null,
  isUserOverride: 0 as const,
  comments: null,
});

function milestone(partial: Partial<StudyPlanMilestone> & { milestoneId: number; milestoneName: string }) {
  return {
    studyPlanMilestoneGoalId: ++nextId,
    milestoneScope: 'country' as const,
    milestoneDescr: null,
    milestoneLabel: null,
    lowerBound: null,
    upperBound: null,
    levelOfConfidence: -1,
    comments: null,
    milestoneDateMillis: null,
    isUserOverride: 0 as const,
    countryId: null,
    studyPlanSiteGroupId: null,
    ...partial,
  };
}

/** A site group in a plan with 10 activated sites (upper 12), every date milestone set 30 days apart. */
export function siteGroupFixture(overrides: Partial<PlanSiteGroup> = {}): PlanSiteGroup {
  const start = Date.UTC(2026, 3, 1, 12);
  return {
    studyPlanSiteGroupId: 501,
    siteGroupId: 21,
    siteGroupName: 'Germany',
    referenceVersion: 1,
    parameters: [
      {
        studyPlanParameterId: 9001,
        parameterScope: 'country',
        parameterId: 12,
        parameterName: 'SITES_TO_ACTIVATE',
        parameterDescr: null,
        lowerBound: 10,
        upperBound: null,
        comments: null,
        countryId: null,
        studyPlanSiteGroupId: 501,
      },
    ],
    milestones: [
      milestone(goal('NUM_SITES_ACTIVATED', 10, 12)),
      milestone(goal('NUM_SUBJECTS_SCREENED', 120)),
      milestone(goal('NUM_SUBJECTS_ENROLLED', 100)),
      ...COUNTRY_MILESTONES.map((m, i) =>
        milestone({
          milestoneId: m.milestoneId,
          milestoneName: m.milestoneName,
          milestoneDateMillis: start + i * 30 * 86_400_000,
          isUserOverride: m.milestoneId === 142 ? 1 : 0,
          comments: m.milestoneId === 142 ? 'Site ready early' : null,
        }),
      ),
    ],
    timeSiteIdSize: 'Medium',
    timeCountryStartUpSize: 'Short',
    siteEnrollmentRateAtSIV: 0.4,
    expectedScreenFailureRate: 0.2,
    expectedTreatmentDropoutRate: 0.1,
    eventualSiteEnrollmentDays: 365,
    eventualSiteEnrollmentRate: 0.75,
    pauseEnrollmentAfterPatient: null,
    pauseEnrollmentDays: null,
    activationProfileOverride: false,
    timeSiteIdSmallDays: 30,
    timeSiteIdMediumDays: 60,
    timeSiteIdLargeDays: 90,
    timeCountryStartUpSuperShortDays: 90,
    timeCountryStartUpShortDays: 120,
    timeCountryStartUpMediumDays: 150,
    timeCountryStartUpLongDays: 180,
    packagePrepDays: 14,
    isRollingSubmission: 0,
    firstSiteIdDays: 0,
    timeSIVDays: 30,
    timeFirstPatientScreenDays: 14,
    isCtisEligible: true,
    activationProfiles: [
      {
        siteActivationProfileId: 1,
        siteActivationLabel: 'Projected',
        siteActivationProfilePct: 5,
        siteActivationProfileDays: 30,
        siteActivationProfileDateMillis: Date.UTC(2026, 6, 1, 12),
        overrideFl: false,
      },
      {
        siteActivationProfileId: 2,
        siteActivationLabel: 'Projected',
        siteActivationProfilePct: 10,
        siteActivationProfileDays: 90,
        siteActivationProfileDateMillis: Date.UTC(2026, 7, 30, 12),
        overrideFl: false,
      },
    ],
    enrollmentVariations: Array.from({ length: 12 }, (_, month) => ({
      seasonalEnrollmentVariationId: month + 1,
      enrollmentSeasonalMonth: month,
      enrollmentSeasonalVariation: month === 7 ? 0.5 : 1,
    })),
    ...overrides,
  };
}

export function countryFixture(
  overrides: Partial<PlanCountry> = {},
  group?: Partial<PlanSiteGroup>,
): PlanCountry {
  return {
    countryId: 276,
    countryName: 'Germany',
    countryCodeISO3: 'DEU',
    region: 'Europe',
    siteGroups: [siteGroupFixture(group)],
    ...overrides,
  };
}

export function siteGroupOption(overrides: Partial<SiteGroupOption> = {}): SiteGroupOption {
  return {
    siteGroupId: 21,
    siteGroupName: 'Germany',
    countryId: 276,
    countryName: 'Germany',
    countryCodeISO3: 'DEU',
    region: 'Europe',
    timeCountryStartUpSuperShortDays: 90,
    timeCountryStartUpShortDays: 120,
    timeCountryStartUpMediumDays: 150,
    timeCountryStartUpLongDays: 180,
    timeSiteIdSmallDays: 30,
    timeSiteIdMediumDays: 60,
    timeSiteIdLargeDays: 90,
    isCtisEligible: true,
    version: 1,
    ...overrides,
  };
}

/** Germany plus the USA with its two site groups (Central and Local). */
export const SITE_GROUP_OPTIONS: SiteGroupOption[] = [
  siteGroupOption(),
  siteGroupOption({
    siteGroupId: 31,
    siteGroupName: 'USA Central',
    countryId: 840,
    countryName: 'United States',
    countryCodeISO3: 'USA',
    region: 'North America',
    isCtisEligible: false,
  }),
  siteGroupOption({
    siteGroupId: 32,
    siteGroupName: 'USA Local',
    countryId: 840,
    countryName: 'United States',
    countryCodeISO3: 'USA',
    region: 'North America',
    timeCountryStartUpSuperShortDays: 60,
    isCtisEligible: false,
  }),
];

export const COUNTRY_OPTIONS = [
  { countryId: 276, countryName: 'Germany', countryCodeISO3: 'DEU', region: 'Europe', isEuMember: true },
  {
    countryId: 840,
    countryName: 'United States',
    countryCodeISO3: 'USA',
    region: 'North America',
    isEuMember: false,
  },
];
