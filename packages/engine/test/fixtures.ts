import type { PreparedGroup, PreparedPlan } from '../src/model/prepared-plan';
import { DEFAULT_UNCERTAINTY } from '../src/model/prepared-plan';

/** 2026-01-05 at noon UTC, a Monday: day 0 of the test plans. */
export const DAY0 = Date.UTC(2026, 0, 5, 12);
export const dayMs = (day: number) => DAY0 + day * 86_400_000;

/** A small valid raw input (one country); tests override fields. */
export function rawInput(): { plan: Record<string, unknown>; siteGroups: Record<string, unknown>[] } {
  return {
    plan: {
      studyPlanType: 1,
      croProjectStartDateMillis: DAY0,
      finalProtocolStartDateMillis: DAY0,
      screeningPeriodDuration: 7,
      treatmentDuration: 14,
      followUpDuration: 0,
      enrollmentRate: 1,
      screenFailRate: 0.2,
      dropOutRate: 0.1,
      targets: { SITES_TO_ACTIVATE: { lowerBound: 2 }, SUBJECTS_TO_SCREEN: { lowerBound: 10 } },
    },
    siteGroups: [rawGroup()],
  };
}

export function rawGroup(): Record<string, unknown> {
  return {
    siteGroupId: 1,
    siteGroupName: 'Germany',
    countryIso3: 'DEU',
    region: 'Western Europe',
    NUM_SITES_ACTIVATED: { lowerBound: 2 },
    timeSiteIdSmallDays: 10,
    timeSiteIdMediumDays: 20,
    timeSiteIdLargeDays: 30,
    timeCountryStartUpSize: 'Medium',
    timeCountryStartUpSuperShortDays: 5,
    timeCountryStartUpShortDays: 10,
    timeCountryStartUpMediumDays: 20,
    timeCountryStartUpLongDays: 40,
    packagePrepDays: 5,
    isRollingSubmission: 0,
    timeSIVDays: 5,
    timeFirstPatientScreenDays: 2,
  };
}

/** A prepared group with every site open from its activation; tests override fields. */
export function preparedGroup(over: Partial<PreparedGroup> = {}): PreparedGroup {
  return {
    key: 'g1',
    name: 'Germany',
    countryIso3: 'DEU',
    region: 'Western Europe',
    milestones: {
      siteIdFinish: 0,
      protocolFinal: 0,
      regulatorySubmission: 0,
      firstRegulatoryApproval: 0,
      firstSiteActivation: 0,
    },
    activationOffsets: [0],
    firstScreenDelayDays: 0,
    screenRatePerSiteDay: 0.125,
    seasonal: new Array<number>(12).fill(1),
    fatigue: null,
    startupSpanDays: 0,
    screenFailRate: 0,
    dropOutRate: 0,
    caps: { screened: null, enrolled: null },
    pause: null,
    ...over,
  };
}

export function preparedPlan(over: Partial<PreparedPlan> = {}): PreparedPlan {
  return {
    day0Ms: DAY0,
    horizonDays: 400,
    groups: [preparedGroup()],
    targetScreened: 10,
    targetEnrolled: 10,
    screeningDays: 0,
    treatmentDays: 0,
    followUpDays: 0,
    pause: null,
    uncertainty: DEFAULT_UNCERTAINTY,
    ...over,
  };
}
