/**
 * Planned trials of the calibration back-test (simulation model section 10), I/O-free.
 *
 * `plannedTrialJson(seed, index)` draws what a planner would type in, as raw SimulationInput JSON: 1-12 countries
 * (mostly 2-6), 2-20 sites each, a study enrollment rate of 0.2-1.5 patients/site/month with country rates x
 * U(0.7, 1.3), screen fail 10-40%, submission on day 60-150, a submission-to-FSIV span of 60-180 days, one site
 * every 10-30 days (a two-point activation profile), first screening 14 days after activation, seasonality
 * (August/December dips) in half of the trials, site fatigue in two thirds of them (final factor 0.6-0.9 over
 * 180-540 days), no pauses or caps. The enrolled target is what the plan line enrolls in a planned window of 6-24
 * months after first screening. The trial goes through `parseSimulationInput` + `preparePlan` like any user plan,
 * and the same JSON (with actuals added) feeds `remodelPlan` in the remodel back-test.
 */
import { parseSimulationInput, type SimulationInput } from '../src/input/schema';
import type { PreparedPlan, UncertaintySettings } from '../src/model/prepared-plan';
import { preparePlan } from '../src/prepare/prepare-plan';
import { Xoshiro128 } from '../src/rng/xoshiro';
import { DAYS_PER_MONTH, MS_PER_DAY } from '../src/time';

/** Raw JSON of a SimulationInput (what the UI would send); typed loosely on purpose, the schema checks it. */
export type InputJson = { plan: Record<string, unknown>; siteGroups: Record<string, unknown>[] };

/** A planned trial: its JSON, the parsed input and the prepared plan (default uncertainty settings). */
export interface PlannedTrial {
  json: InputJson;
  input: SimulationInput;
  plan: PreparedPlan;
  /** Whether the plan (and hence the truth) has site fatigue. */
  fatigue: boolean;
}

/** Monday 6 January 2025, noon UTC (day 0 of every trial). */
export const DAY0_MS = Date.UTC(2025, 0, 6, 12);
/** Northern-hemisphere holiday dips: August and December slower (as in the benchmark workloads). */
const SEASONAL = [1, 1, 1, 1, 1, 0.95, 0.9, 0.7, 1, 1, 1, 0.6];
const FIRST_SCREEN_DELAY = 14;
const SITE_ID_DAYS = 30;
const PROTOCOL_DAY = 20;

/** Stream of the plan draws (the truth uses 2 * index + 1, the forecasts their own seeds). */
const PLAN_STREAM = 0;

const uniformIn = (rng: Xoshiro128, lo: number, hi: number): number => lo + (hi - lo) * rng.uniform();
const intIn = (rng: Xoshiro128, lo: number, hi: number): number => Math.floor(uniformIn(rng, lo, hi + 1));
const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Integral over [from, to] of the fatigue factor 1 - drop min((t - a) / D, 1) of a site activated on day a. */
function fatigueIntegral(
  a: number,
  from: number,
  to: number,
  fatigue: { days: number; final: number } | null,
) {
  if (!(to > from)) return 0;
  if (!fatigue) return to - from;
  const drop = 1 - fatigue.final;
  const kink = a + fatigue.days;
  const linEnd = Math.min(to, kink);
  let sum = 0;
  if (linEnd > from) {
    const mid = (from + linEnd) / 2 - a;
    sum += (linEnd - from) * (1 - (drop * mid) / fatigue.days);
  }
  if (to > Math.max(from, kink)) sum += (to - Math.max(from, kink)) * fatigue.final;
  return sum;
}

/** A planned trial as raw SimulationInput JSON (see the file comment); `index` picks it within the seed. */
export function plannedTrialJson(seed: number, index: number): { json: InputJson; fatigue: boolean } {
  const rng = new Xoshiro128(seed, 2 * index + PLAN_STREAM);
  // Mostly a handful of countries, sometimes one, sometimes many.
  const nCountries = Math.min(12, 1 + Math.floor(-Math.log(rng.uniform()) * 4));
  const studyRate = round2(uniformIn(rng, 0.2, 1.5)); // enrolled patients/site/month
  const screenFail = round2(uniformIn(rng, 0.1, 0.4));
  const seasonal = rng.uniform() < 0.5;
  const submission = intIn(rng, 60, 150);
  const hasFatigue = rng.uniform() < 2 / 3;
  const fatigue = hasFatigue ? { days: intIn(rng, 180, 540), final: round2(uniformIn(rng, 0.6, 0.9)) } : null;
  const windowDays = uniformIn(rng, 6, 24) * DAYS_PER_MONTH;
  const groups: { sites: number; spacing: number; span: number; rate: number }[] = [];
  for (let g = 0; g < nCountries; g++) {
    groups.push({
      sites: intIn(rng, 2, 20),
      spacing: intIn(rng, 10, 30),
      span: intIn(rng, 60, 180),
      rate: round2(studyRate * uniformIn(rng, 0.7, 1.3)),
    });
  }
  // Target: what the plan line enrolls (no seasonality) in the planned window after the first screening.
  const fsiv = (s: (typeof groups)[number]) => submission + s.span;
  const firstScreen = Math.min(...groups.map((s) => fsiv(s) + FIRST_SCREEN_DELAY));
  let expected = 0;
  for (const s of groups) {
    for (let j = 0; j < s.sites; j++) {
      const a = fsiv(s) + j * s.spacing;
      const perDay = s.rate / DAYS_PER_MONTH;
      expected += perDay * fatigueIntegral(a, a + FIRST_SCREEN_DELAY, firstScreen + windowDays, fatigue);
    }
  }
  const target = Math.max(10, Math.round(expected));
  const siteGroups = groups.map((s, g) => {
    const approval = Math.round(s.span / 2);
    return {
      siteGroupId: `c${g}`,
      siteGroupName: `Country ${g}`,
      countryIso3: 'XXX',
      region: g % 2 === 0 ? 'Europe' : 'North America',
      NUM_SITES_ACTIVATED: { lowerBound: s.sites },
      siteEnrollmentRateAtSIV: s.rate,
      expectedScreenFailureRate: screenFail,
      timeSiteIdSmallDays: SITE_ID_DAYS,
      timeSiteIdMediumDays: SITE_ID_DAYS,
      timeSiteIdLargeDays: SITE_ID_DAYS,
      timeCountryStartUpSize: 'Medium',
      timeCountryStartUpSuperShortDays: approval,
      timeCountryStartUpShortDays: approval,
      timeCountryStartUpMediumDays: approval,
      timeCountryStartUpLongDays: approval,
      // Chain: submission = max(protocol, Site ID) + prep; FSIV = submission + start-up + SIV days.
      packagePrepDays: submission - SITE_ID_DAYS,
      isRollingSubmission: 0,
      timeSIVDays: s.span - approval,
      timeFirstPatientScreenDays: FIRST_SCREEN_DELAY,
      activationProfiles: [
        { siteActivationProfilePct: 1, siteActivationProfileDays: 0 },
        { siteActivationProfilePct: s.sites, siteActivationProfileDays: (s.sites - 1) * s.spacing },
      ],
      ...(seasonal
        ? {
            enrollmentVariations: SEASONAL.map((v, m) => ({
              enrollmentSeasonalMonth: m,
              enrollmentSeasonalVariation: v,
            })),
          }
        : {}),
      ...(fatigue
        ? { eventualSiteEnrollmentDays: fatigue.days, eventualSiteEnrollmentRate: fatigue.final }
        : {}),
    };
  });
  const plan = {
    studyPlanType: 1,
    studyPlanTypeDetail: 'Rates',
    croProjectStartDateMillis: DAY0_MS,
    finalProtocolStartDateMillis: DAY0_MS + PROTOCOL_DAY * MS_PER_DAY,
    croProjectStartToSiteIdDuration: SITE_ID_DAYS,
    screeningPeriodDuration: 21,
    treatmentDuration: 180,
    followUpDuration: 30,
    tfedToDbLockDuration: 45,
    dbLocktoCSRDuration: 90,
    csrToTMFCloseAndReturnDuration: 60,
    enrollmentRate: studyRate,
    dropOutRate: 0.1,
    targets: {
      SITES_TO_ACTIVATE: { lowerBound: groups.reduce((n, s) => n + s.sites, 0) },
      SUBJECTS_TO_SCREEN: { lowerBound: Math.round(target / (1 - screenFail)) },
      NUM_SUBJECTS_ENROLLED: target,
    },
  };
  return { json: { plan, siteGroups }, fatigue: hasFatigue };
}

/** Parses raw input JSON; a schema error here is a bug of the generator, so it throws with the messages. */
export function parseOrThrow(json: InputJson): SimulationInput {
  const parsed = parseSimulationInput(json);
  if (!parsed.ok) {
    const msg = parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; ');
    throw new Error(`calibration input rejected by the schema: ${msg}`);
  }
  return parsed.input;
}

/** The input JSON with the given uncertainty settings written into the plan (as a user would set them). */
export function withUncertainty(json: InputJson, u: UncertaintySettings): InputJson {
  return { ...json, plan: { ...json.plan, uncertainty: { ...u } } };
}

/** A planned trial (see the file comment), parsed and prepared. */
export function plannedTrial(seed: number, index: number): PlannedTrial {
  const { json, fatigue } = plannedTrialJson(seed, index);
  const input = parseOrThrow(json);
  return { json, input, plan: preparePlan(input), fatigue };
}
