import {
  type AdminSiteGroup,
  COUNTRY_GOALS,
  COUNTRY_MILESTONES,
  MS_PER_DAY,
  type MilestoneDatesBody,
  type MilestoneDatesResponse,
  type PlanCountry,
  type PlanSiteGroup,
  type StudyPlan,
  type StudyPlanMilestone,
} from '@predict/shared';
import type { RecordedRequest } from '@/test/fetch-mock';
import { planFixture } from '@/features/plan-shell/test/plan-shell-test-utils';

/** The computed date of the k-th country milestone: 1 May 2026 at noon UTC plus 30 days per step. */
export const computedDate = (k: number) => Date.UTC(2026, 4, 1, 12) + k * 30 * MS_PER_DAY;

const goal = (id: number, name: string, lowerBound: number | null, upperBound: number | null = null) =>
  milestone({ studyPlanMilestoneGoalId: id, milestoneId: id, milestoneName: name, lowerBound, upperBound });

function milestone(overrides: Partial<StudyPlanMilestone>): StudyPlanMilestone {
  return {
    studyPlanMilestoneGoalId: 1,
    milestoneScope: 'country',
    milestoneId: 1,
    milestoneName: '',
    milestoneDescr: null,
    milestoneLabel: null,
    lowerBound: null,
    upperBound: null,
    levelOfConfidence: -1,
    comments: null,
    milestoneDateMillis: null,
    isUserOverride: 0,
    countryId: null,
    studyPlanSiteGroupId: null,
    ...overrides,
  };
}

export function siteGroupFixture(
  id: number,
  name: string,
  overrides: Partial<PlanSiteGroup> = {},
): PlanSiteGroup {
  return {
    studyPlanSiteGroupId: id,
    siteGroupId: id - 400,
    siteGroupName: name,
    referenceVersion: 1,
    parameters: [],
    milestones: [
      goal(COUNTRY_GOALS.NUM_SITES_ACTIVATED, 'NUM_SITES_ACTIVATED', 5, 8),
      goal(COUNTRY_GOALS.NUM_SUBJECTS_SCREENED, 'NUM_SUBJECTS_SCREENED', null),
      goal(COUNTRY_GOALS.NUM_SUBJECTS_ENROLLED, 'NUM_SUBJECTS_ENROLLED', null),
      goal(COUNTRY_GOALS.NUM_SUBJECTS_TREATED, 'NUM_SUBJECTS_TREATED', null),
      goal(COUNTRY_GOALS.NUM_SUBJECTS_COMPLETED, 'NUM_SUBJECTS_COMPLETED', null),
      ...COUNTRY_MILESTONES.map((m, k) =>
        milestone({
          studyPlanMilestoneGoalId: 1000 + k,
          milestoneId: m.milestoneId,
          milestoneName: m.milestoneName,
          milestoneDateMillis: computedDate(k),
        }),
      ),
    ],
    timeSiteIdSize: 'Medium',
    timeCountryStartUpSize: 'Medium',
    siteEnrollmentRateAtSIV: 0.5,
    expectedScreenFailureRate: 0.2,
    expectedTreatmentDropoutRate: 0.1,
    eventualSiteEnrollmentDays: null,
    eventualSiteEnrollmentRate: null,
    pauseEnrollmentAfterPatient: null,
    pauseEnrollmentDays: null,
    activationProfileOverride: true,
    timeSiteIdSmallDays: 30,
    timeSiteIdMediumDays: 45,
    timeSiteIdLargeDays: 60,
    timeCountryStartUpSuperShortDays: 60,
    timeCountryStartUpShortDays: 90,
    timeCountryStartUpMediumDays: 120,
    timeCountryStartUpLongDays: 180,
    packagePrepDays: 14,
    isRollingSubmission: 0,
    firstSiteIdDays: 0,
    timeSIVDays: 30,
    timeFirstPatientScreenDays: 14,
    isCtisEligible: true,
    activationProfiles: [
      [1, 0],
      [3, 30],
      [5, 60],
    ].map(([sites, days], i) => ({
      siteActivationProfileId: id * 100 + i,
      siteActivationLabel: null,
      siteActivationProfilePct: sites!,
      siteActivationProfileDays: days!,
      siteActivationProfileDateMillis: null,
      overrideFl: true,
    })),
    enrollmentVariations: Array.from({ length: 12 }, (_, month) => ({
      seasonalEnrollmentVariationId: id * 100 + month,
      enrollmentSeasonalMonth: month,
      enrollmentSeasonalVariation: 1,
    })),
    ...overrides,
  };
}

export function countryFixture(
  countryId: number,
  iso3: string,
  name: string,
  groups: PlanSiteGroup[],
): PlanCountry {
  return { countryId, countryName: name, countryCodeISO3: iso3, region: 'Europe', siteGroups: groups };
}

export const DEU = 501;
export const USA = 502;

/** A Draft Rates plan with Germany and the USA's Central group. */
export function step2Plan(overrides: Partial<StudyPlan> = {}): StudyPlan {
  return planFixture({
    actualStep: 2,
    countries: [
      countryFixture(276, 'DEU', 'Germany', [siteGroupFixture(DEU, 'Germany')]),
      countryFixture(840, 'USA', 'United States', [siteGroupFixture(USA, 'USA - Central')]),
    ],
    ...overrides,
  });
}

/**
 * The milestonedates answer: every milestone at its computed date, except rows the request overrides, which keep
 * the date sent.
 */
export function milestoneDatesReply(plan: StudyPlan) {
  return (request: RecordedRequest): MilestoneDatesResponse => {
    const body = request.body as MilestoneDatesBody;
    const groups = plan.countries.flatMap((c) => c.siteGroups.map((g) => ({ c, g })));
    return {
      countries: groups.map(({ c, g }) => ({
        studyPlanSiteGroupId: g.studyPlanSiteGroupId,
        countryId: c.countryId,
        milestones: COUNTRY_MILESTONES.map((m, k) => {
          const sent = body.milestones.find(
            (r) => r.studyPlanSiteGroupId === g.studyPlanSiteGroupId && r.milestoneId === m.milestoneId,
          );
          return sent?.isUserOverride === 1
            ? { milestoneId: m.milestoneId, milestoneDateMillis: sent.milestoneDateMillis, isUserOverride: 1 }
            : { milestoneId: m.milestoneId, milestoneDateMillis: computedDate(k), isUserOverride: 0 };
        }),
        activationProfileDatesMillis: [],
      })),
      notice: null,
    };
  };
}

/** Germany's reference activation profile in the demo data: [sites, days] points. */
export const GERMANY_REFERENCE: [number, number][] = [
  [1, 0],
  [3, 21],
  [6, 45],
  [9, 75],
  [12, 110],
  [15, 150],
];

/** A site group's reference data as GET /ctpo/admin/sitegroup/{id} answers it. */
export function referenceSiteGroup(
  siteGroupId: number,
  profile: [number, number][] = GERMANY_REFERENCE,
): AdminSiteGroup {
  return {
    siteGroupId,
    siteGroupName: 'Germany',
    countryId: 276,
    countryName: 'Germany',
    timeSiteIdSmallDays: 30,
    timeSiteIdMediumDays: 45,
    timeSiteIdLargeDays: 60,
    timeCountryStartUpSuperShortDays: 60,
    timeCountryStartUpShortDays: 90,
    timeCountryStartUpMediumDays: 120,
    timeCountryStartUpLongDays: 180,
    packagePrepDays: 14,
    isRollingSubmission: 0,
    firstSiteIdDays: 0,
    timeSIVDays: 30,
    timeFirstPatientScreenDays: 14,
    activationProfiles: profile.map(([sites, days]) => ({
      siteActivationProfilePct: sites,
      siteActivationProfileDays: days,
      overrideFl: false,
    })),
    enrollmentVariations: Array.from({ length: 12 }, (_, m) => ({
      enrollmentSeasonalMonth: m,
      enrollmentSeasonalVariation: 1,
    })),
    version: 1,
  };
}
