/**
 * The plans the calibration harness scores (scripts/calibration.ts), I/O-free apart from reading the examples.
 *
 * - w1, w2, w3: the benchmark workloads (examples/w1.json ..., through the examples index): 1 country x 10 sites x
 *   100 enrolled; 40 countries x 10 sites x 2,000 enrolled with seasonality, fatigue and a pause after 30 patients
 *   for 28 days; 100 countries x 2,000 sites x 10,000 enrolled with seasonality and fatigue.
 * - w2s: W2 scaled down for the self-consistency test: its first 8 countries (80 sites), 400 enrolled, the same
 *   seasonality, fatigue and pause.
 * - small1: 1 country x 5 sites x 40 enrolled, no modulation.
 * - small2: 3 countries x 4 sites x 120 enrolled, seasonality (August/December dips), fatigue (to 70% over a
 *   year) and a study pause after 30 enrolled for 28 days.
 * - random: the random planned-trial generator (calibration-trials.ts): a different plan for every true study.
 */
import { loadExample } from '../examples/index';
import {
  plannedTrialJson,
  parseOrThrow,
  DAY0_MS,
  type InputJson,
  type PlannedTrial,
} from './calibration-trials';
import { preparePlan } from '../src/prepare/prepare-plan';
import { MS_PER_DAY } from '../src/time';

export const PLAN_NAMES = ['w1', 'w2', 'w3', 'w2s', 'small1', 'small2', 'random'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** Northern-hemisphere holiday dips (as in the trial generator). */
const SEASONAL = [1, 1, 1, 1, 1, 0.95, 0.9, 0.7, 1, 1, 1, 0.6];

/** A small plan: `countries` groups of `sites` sites (one every `spacing` days), `enrolled` target. */
function smallPlan(o: {
  countries: number;
  sites: number;
  enrolled: number;
  rate: number;
  spacing: number;
  seasonal: boolean;
  fatigue: { days: number; final: number } | null;
  pause: { after: number; days: number } | null;
}): InputJson {
  const screenFail = 0.2;
  const siteGroups = Array.from({ length: o.countries }, (_, g) => ({
    siteGroupId: `s${g}`,
    siteGroupName: `Country ${g}`,
    countryIso3: 'XXX',
    region: g % 2 === 0 ? 'Europe' : 'North America',
    NUM_SITES_ACTIVATED: { lowerBound: o.sites },
    siteEnrollmentRateAtSIV: o.rate,
    expectedScreenFailureRate: screenFail,
    timeSiteIdSmallDays: 30,
    timeSiteIdMediumDays: 30,
    timeSiteIdLargeDays: 30,
    timeCountryStartUpSize: 'Medium',
    timeCountryStartUpSuperShortDays: 60 + 15 * g,
    timeCountryStartUpShortDays: 60 + 15 * g,
    timeCountryStartUpMediumDays: 60 + 15 * g,
    timeCountryStartUpLongDays: 60 + 15 * g,
    packagePrepDays: 30,
    isRollingSubmission: 0,
    timeSIVDays: 30,
    timeFirstPatientScreenDays: 14,
    activationProfiles: [
      { siteActivationProfilePct: 1, siteActivationProfileDays: 0 },
      { siteActivationProfilePct: o.sites, siteActivationProfileDays: (o.sites - 1) * o.spacing },
    ],
    ...(o.seasonal
      ? {
          enrollmentVariations: SEASONAL.map((v, m) => ({
            enrollmentSeasonalMonth: m,
            enrollmentSeasonalVariation: v,
          })),
        }
      : {}),
    ...(o.fatigue
      ? { eventualSiteEnrollmentDays: o.fatigue.days, eventualSiteEnrollmentRate: o.fatigue.final }
      : {}),
  }));
  const plan = {
    studyPlanType: 1,
    studyPlanTypeDetail: 'Rates',
    croProjectStartDateMillis: DAY0_MS,
    finalProtocolStartDateMillis: DAY0_MS + 20 * MS_PER_DAY,
    croProjectStartToSiteIdDuration: 30,
    screeningPeriodDuration: 21,
    treatmentDuration: 180,
    followUpDuration: 30,
    tfedToDbLockDuration: 45,
    dbLocktoCSRDuration: 90,
    csrToTMFCloseAndReturnDuration: 60,
    enrollmentRate: o.rate,
    dropOutRate: 0.1,
    ...(o.pause ? { pauseEnrollmentAfterPatient: o.pause.after, pauseEnrollmentDays: o.pause.days } : {}),
    targets: {
      SITES_TO_ACTIVATE: { lowerBound: o.countries * o.sites },
      SUBJECTS_TO_SCREEN: { lowerBound: Math.round(o.enrolled / (1 - screenFail)) },
      NUM_SUBJECTS_ENROLLED: o.enrolled,
    },
  };
  return { plan, siteGroups };
}

/** W2's first 8 countries (80 sites), 400 enrolled; seasonality, fatigue and pause kept. */
function w2Scaled(): InputJson {
  const w2 = loadExample('w2') as InputJson;
  const groups = w2.siteGroups.slice(0, 8);
  const targets = w2.plan.targets as Record<string, unknown>;
  return {
    plan: {
      ...w2.plan,
      targets: { ...targets, SITES_TO_ACTIVATE: { lowerBound: 80 }, SUBJECTS_TO_SCREEN: { lowerBound: 500 } },
    },
    siteGroups: groups,
  };
}

/** The raw input JSON of a fixed plan (every name but 'random'). */
export function fixedPlanJson(name: Exclude<PlanName, 'random'>): InputJson {
  switch (name) {
    case 'w1':
    case 'w2':
    case 'w3':
      return loadExample(name) as InputJson;
    case 'w2s':
      return w2Scaled();
    case 'small1':
      return smallPlan({
        countries: 1,
        sites: 5,
        enrolled: 40,
        rate: 0.8,
        spacing: 20,
        seasonal: false,
        fatigue: null,
        pause: null,
      });
    case 'small2':
      return smallPlan({
        countries: 3,
        sites: 4,
        enrolled: 120,
        rate: 0.7,
        spacing: 21,
        seasonal: true,
        fatigue: { days: 365, final: 0.7 },
        pause: { after: 30, days: 28 },
      });
  }
}

/** A plan as the harness uses it: its raw JSON (with actuals added for remodel), parsed input and prepared plan. */
export function trialOf(json: InputJson): PlannedTrial {
  const input = parseOrThrow(json);
  const plan = preparePlan(input);
  return { json, input, plan, fatigue: plan.groups.some((g) => g.fatigue !== null) };
}

/**
 * The plan of true study `i` of plan `name`: the same plan for every study of a fixed plan (cache it), the i-th
 * generated trial of `seed` for 'random'.
 */
export function planOf(name: PlanName, seed: number, i: number): PlannedTrial {
  if (name === 'random') return trialOf(plannedTrialJson(seed, i).json);
  return trialOf(fixedPlanJson(name));
}

export const isPlanName = (x: string): x is PlanName => (PLAN_NAMES as readonly string[]).includes(x);
