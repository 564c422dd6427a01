import type { SimulationInput } from '../input/schema';
import type { SiteGroupInput } from '../input/schema-group';
import { DEFAULT_UNCERTAINTY, type PreparedGroup, type PreparedPlan } from '../model/prepared-plan';
import { computePlanLine } from '../plan-line/compute-plan-line';
import { DAYS_PER_MONTH } from '../time';
import { activationOffsets } from './activation';
import { day0Of, milestoneChain, siteCountOf } from './milestone-chain';
import {
  groupDropOutRate,
  groupEnrollmentRate,
  groupScreenFailRate,
  studyRates,
  type StudyRates,
} from './rates';
import { solveDurationMultiplier } from './solve-duration';

/** Longest horizon simulated: 15 years of days (model section 2). */
export const MAX_HORIZON_DAYS = Math.round(15 * 365.25);

/** Seasonal multipliers January..December from the group's variation rows (all 1 when absent). */
function seasonalOf(g: SiteGroupInput): number[] {
  const out = new Array<number>(12).fill(1);
  for (const row of g.enrollmentVariations ?? [])
    out[row.enrollmentSeasonalMonth] = row.enrollmentSeasonalVariation;
  return out;
}

function prepareGroup(
  input: SimulationInput,
  g: SiteGroupInput,
  study: StudyRates,
  baseRate: number,
): PreparedGroup {
  const { plan } = input;
  const { chain } = milestoneChain(plan, g);
  const sf = groupScreenFailRate(g, study);
  const profile = g.activationProfiles?.map((p) => ({
    sites: p.siteActivationProfilePct,
    days: p.siteActivationProfileDays,
  }));
  const hasFatigue = g.eventualSiteEnrollmentDays != null && g.eventualSiteEnrollmentRate != null;
  const hasPause = g.pauseEnrollmentAfterPatient != null && g.pauseEnrollmentDays != null;
  return {
    key: g.siteGroupId,
    name: g.siteGroupName,
    countryIso3: g.countryIso3,
    region: g.region,
    milestones: {
      siteIdFinish: chain.siteIdFinish,
      protocolFinal: chain.protocolFinal,
      regulatorySubmission: chain.regulatorySubmission,
      firstRegulatoryApproval: chain.firstRegulatoryApproval,
      firstSiteActivation: chain.firstSiteActivation,
    },
    activationOffsets: activationOffsets(siteCountOf(plan, g), profile),
    // An overridden FPS moves every site's first screening by the same delay.
    firstScreenDelayDays: chain.firstPatientScreened - chain.firstSiteActivation,
    // Enrollment rate (patients/site/month) -> screening rate per site-day.
    screenRatePerSiteDay: baseRate / (1 - sf) / DAYS_PER_MONTH,
    seasonal: seasonalOf(g),
    fatigue: hasFatigue
      ? { days: g.eventualSiteEnrollmentDays!, finalFactor: g.eventualSiteEnrollmentRate! }
      : null,
    startupSpanDays: chain.firstSiteActivation - chain.regulatorySubmission,
    screenFailRate: sf,
    dropOutRate: groupDropOutRate(g, study),
    caps: {
      screened: g.NUM_SUBJECTS_SCREENED?.upperBound ?? null,
      enrolled: g.NUM_SUBJECTS_ENROLLED?.upperBound ?? null,
    },
    pause: hasPause ? { afterEnrolled: g.pauseEnrollmentAfterPatient!, days: g.pauseEnrollmentDays! } : null,
  };
}

/**
 * Resolves a validated input into the PreparedPlan contract: start-up chains, activation offsets, screening rates
 * per site-day, targets, pauses and the horizon (days since day 0). Scenario B scales every group's rate so that the
 * plan line enrolls from FPI to LPI in overallEnrollmentDuration months.
 */
export function preparePlan(input: SimulationInput): PreparedPlan {
  const { plan } = input;
  const study = studyRates(plan);
  const scenarioB = plan.studyPlanType === 2 && plan.overallEnrollmentDuration != null;
  // Scenario B solves the rate, so a group without any rate starts from 1 patient/site/month.
  const base = (g: SiteGroupInput) =>
    scenarioB ? (g.siteEnrollmentRateAtSIV ?? plan.enrollmentRate ?? 1) : groupEnrollmentRate(plan, g);
  const planPause =
    plan.pauseEnrollmentAfterPatient != null && plan.pauseEnrollmentDays != null
      ? { afterEnrolled: plan.pauseEnrollmentAfterPatient, days: plan.pauseEnrollmentDays }
      : null;
  const prepared: PreparedPlan = {
    day0Ms: day0Of(plan),
    horizonDays: MAX_HORIZON_DAYS,
    groups: input.siteGroups.map((g) => prepareGroup(input, g, study, base(g))),
    targetScreened: study.targetScreened,
    targetEnrolled: study.targetEnrolled,
    screeningDays: plan.screeningPeriodDuration,
    treatmentDays: plan.treatmentDuration,
    followUpDays: plan.followUpDuration ?? 0,
    pause: planPause,
    uncertainty: { ...DEFAULT_UNCERTAINTY, ...stripNullish(plan.uncertainty ?? {}) },
    followUpLossRate: study.followUpLossRate,
    closeOutDays: {
      tfedToDbLock: plan.tfedToDbLockDuration ?? 0,
      dbLockToCsr: plan.dbLocktoCSRDuration ?? 0,
      csrToTmfClose: plan.csrToTMFCloseAndReturnDuration ?? 0,
    },
  };
  if (scenarioB) {
    const c = solveDurationMultiplier(prepared, plan.overallEnrollmentDuration! * DAYS_PER_MONTH);
    prepared.planLineRateMultiplier = c;
    for (const g of prepared.groups) g.screenRatePerSiteDay *= c;
  }
  Object.assign(prepared, forecastSpan(prepared));
  return prepared;
}

function stripNullish<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v != null)) as Partial<T>;
}

/** Least room (days) the horizon leaves after the plan-line TMF close for the forecast's slow tail. */
const MIN_TAIL_DAYS = 365;

/**
 * Horizon (days): the plan-line TMF close plus four FPS-to-LPI spans (at least a year) as room for the forecast's
 * slow tail, capped at 15 years; 15 years when the plan line does not reach LPI within them. Four spans: the
 * forecast's 99th percentile of LPI is within about 4.5 plan-line spans of FPS on the reference workloads (W1,
 * few sites and study-level rate uncertainty, is the slowest), so "not reached" stays rare for plans that finish.
 */
export function horizonDays(prepared: PreparedPlan): number {
  return forecastSpan(prepared).horizonDays;
}

/**
 * The horizon (horizonDays) and the last day of the grid's week ends: a week after the plan line's last visit, where
 * the weekly tables and charts end (their last week ends within it), or the TMF close plus one FPS-to-LPI span when
 * the plan line has no last visit. Both 15 years when the plan line does not reach LPI within them.
 */
export function forecastSpan(prepared: PreparedPlan): { horizonDays: number; weeklyGridEndDay: number } {
  const line = computePlanLine({ ...prepared, horizonDays: MAX_HORIZON_DAYS });
  const m = line.milestones;
  if (m.tmfClose === null || m.lastEnrolled === null)
    return { horizonDays: MAX_HORIZON_DAYS, weeklyGridEndDay: MAX_HORIZON_DAYS };
  const span = m.lastEnrolled - (m.firstScreened ?? 0);
  return {
    horizonDays: Math.min(MAX_HORIZON_DAYS, m.tmfClose + Math.max(4 * span, MIN_TAIL_DAYS)),
    weeklyGridEndDay: Math.min(
      MAX_HORIZON_DAYS,
      m.lastLastVisit !== null ? m.lastLastVisit + 7 : m.tmfClose + span,
    ),
  };
}
