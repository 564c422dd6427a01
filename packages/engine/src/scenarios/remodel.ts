/**
 * Remodel plans (simulation model section 6, spec/3 Remodel form): a plan re-forecast from its actuals.
 *
 * Before the as-of date the curves are the actual counts; after it a projection PreparedPlan simulates the
 * remaining patients with the go-forward rates and site counts chosen per group. Choice (README, Remodel): the
 * projection is a separate PreparedPlan with the same day 0 whose sites cannot screen before the day after the
 * as-of date and whose targets are what remains; the actual counts are added when the curves are assembled. No
 * field of the Monte Carlo state (start day, initial counts) is needed, only the optional `rateGammaPosterior`.
 */
import type { SimulationInput } from '../input/schema';
import type { PreparedGroup, PreparedPlan } from '../model/prepared-plan';
import { countryRateCvOf } from '../model/prepared-plan';
import type { PlanLine } from '../plan-line/types';
import { MAX_HORIZON_DAYS, horizonDays, preparePlan } from '../prepare/prepare-plan';
import { applyForecast, buildResultSets, type ForecastForResults } from '../results/build-result-sets';
import type { ResultSets } from '../results/types';
import { DAYS_PER_MONTH } from '../time';
import { actualCurves, assemble, dayOf } from './remodel-curves';

/** Go-forward rate choice of a group (spec/3 enrollmentRateSelection 1 planned, 2 actual, 3 other). */
export type RemodelRateSelection = 'planned' | 'actual' | 'other';
/** Go-forward sites choice (spec/3 sitesSelection 1 planned, 2 actual/projected, 3 other, 4 remove country). */
export type RemodelSitesSelection = 'planned' | 'actual' | 'other' | 'remove';

/** One group's choices on the Remodel form; a group without an entry keeps 'planned' / 'planned'. */
export interface RemodelGroupChoice {
  siteGroupId: string;
  rate: RemodelRateSelection;
  /** Enrollment rate, patients/site/month, for rate 'other'. */
  rateOther?: number;
  sites: RemodelSitesSelection;
  /** Number of sites going forward, for sites 'other'. */
  sitesOther?: number;
}

export interface RemodelInput {
  /** A validated input whose site groups carry `actuals` (a group without actuals has none so far). */
  input: SimulationInput;
  groups?: RemodelGroupChoice[];
  /** Count the posterior updates with: screened (default, the simulated process) or enrolled (/ (1 - sf)). */
  posteriorBasis?: 'screened' | 'enrolled';
}

/** What remodel derived for one group. */
export interface RemodelGroupInfo {
  key: string;
  name: string;
  /** Actual totals up to the as-of date. */
  screened: number;
  enrolled: number;
  completed: number;
  dropped: number;
  /** Sites activated by the as-of date, and site-days of screening exposure before it. */
  actualSites: number;
  exposureSiteDays: number;
  /** Observed rates (patients/site/month), null without exposure. */
  actualEnrollmentRate: number | null;
  actualScreenRate: number | null;
  /** Go-forward rates (patients/site/month) and sites. */
  enrollmentRateGoForward: number;
  screenRateGoForward: number;
  sitesGoForward: number;
  /** Prior and posterior Gamma (shape, rate per site-day) of the group's screening rate per site-day. */
  prior: { shape: number; rate: number };
  posterior: { shape: number; rate: number };
}

export interface RemodelResult {
  /** The as-of day (days since day 0): actuals cover days 0..asOfDay, the projection starts on asOfDay + 1. */
  asOfDay: number;
  /** The plan as prepared from the input (full targets, planned chain): what the result tables describe. */
  baseline: PreparedPlan;
  /** The projection for the remaining patients (null when the actuals already reach the enrolled target). */
  projection: PreparedPlan | null;
  /** Actual curves up to asOfDay, then actual + projection. */
  planLine: PlanLine;
  groups: RemodelGroupInfo[];
  /** True when the actual enrolled count already reaches the target (LPI reached before the as-of date). */
  lpiReached: boolean;
  remainingEnrolled: number;
  /** Of the remaining patients, those expected to pass screening already under way at the as-of date. */
  pendingEnrolled: number;
}

/** Poisson-Gamma conjugate update: Gamma(alpha, beta) prior, k events in `exposure` -> Gamma(alpha + k, beta + exposure). */
export function gammaPosterior(
  prior: { shape: number; rate: number },
  events: number,
  exposure: number,
): { shape: number; rate: number } {
  return { shape: prior.shape + events, rate: prior.rate + exposure };
}

/**
 * Shape of the prior on a group's rate: the group-level CV combines the study and country factors,
 * cv^2 = (1 + cv_study^2)(1 + cv_country^2) - 1 (the CV of a product of independent mean-one factors).
 */
export function priorShape(studyRateCv: number, countryRateCv: number): number {
  const cv2 = (1 + studyRateCv ** 2) * (1 + countryRateCv ** 2) - 1;
  return cv2 > 0 ? 1 / cv2 : Infinity;
}

/** Builds a remodel plan: actual curves up to the as-of date, the go-forward projection after it. */
export function remodelPlan(remodel: RemodelInput): RemodelResult {
  const { input } = remodel;
  const baseline = preparePlan(input);
  const day0 = baseline.day0Ms;
  const asOfMs = Math.max(...input.siteGroups.map((g) => g.actuals?.asOfDateMillis ?? -Infinity));
  if (!Number.isFinite(asOfMs)) throw new RangeError('remodel needs actuals on at least one site group');
  const asOfDay = Math.max(0, dayOf(asOfMs, day0));
  const choices = new Map((remodel.groups ?? []).map((c) => [c.siteGroupId, c]));
  const basis = remodel.posteriorBasis ?? 'screened';
  const u = baseline.uncertainty;
  const alpha = priorShape(u.studyRateCv, countryRateCvOf(u));

  const actual = input.siteGroups.map((g) => actualCurves(g, day0, asOfDay));
  const last = (c: Float64Array) => c[c.length - 1] ?? 0;
  const enrolledSoFar = actual.reduce((s, a) => s + last(a.enrolled), 0);
  const screenedSoFar = actual.reduce((s, a) => s + last(a.screened), 0);
  const remainingEnrolled = Math.max(0, baseline.targetEnrolled - Math.round(enrolledSoFar));
  // Patients screened within the last screening period pass screening after the as-of date: they enroll without
  // being screened again (found by the calibration back-test: ignoring them made LPI about 3 weeks late at 50-75%
  // enrolled). Expected passers per group = screened in (asOfDay - screeningDays, asOfDay] x (1 - sf).
  const sd = baseline.screeningDays;
  const inScreening = actual.map((a, i) => {
    // A removed country projects nothing, not even the patients it is screening.
    if (choices.get(input.siteGroups[i]!.siteGroupId)?.sites === 'remove') return 0;
    const before = asOfDay - sd >= 0 ? (a.screened[asOfDay - sd] ?? 0) : 0;
    return Math.max(0, last(a.screened) - before) * (1 - baseline.groups[i]!.screenFailRate);
  });
  // The projection keeps at least one patient to enroll (its LPI is the plan's); the rest of the pending ones are
  // expected to enroll within one screening period.
  const pendingEnrolled = Math.min(
    Math.round(inScreening.reduce((s, x) => s + x, 0)),
    Math.max(0, remainingEnrolled - 1),
  );

  const infos: RemodelGroupInfo[] = [];
  const projGroups: PreparedGroup[] = input.siteGroups.map((g, i) => {
    const base = baseline.groups[i]!;
    const act = actual[i]!;
    const choice = choices.get(g.siteGroupId);
    const sf = base.screenFailRate;
    const delay = base.firstScreenDelayDays;
    const activations = (g.actuals?.siteActivationDatesMillis ?? [])
      .map((ms) => dayOf(ms, day0))
      .sort((a, b) => a - b);
    // Screening exposure: each actual site from its first screening day to the end of the as-of day.
    const exposure = activations.reduce((s, a) => s + Math.max(0, asOfDay + 1 - (a + delay)), 0);
    const months = exposure / DAYS_PER_MONTH;
    const screened = last(act.screened);
    const enrolled = last(act.enrolled);
    const plannedRate = base.screenRatePerSiteDay * (1 - sf) * DAYS_PER_MONTH;
    const actualRate = months > 0 ? enrolled / months : null;
    const rateChoice = choice?.rate ?? 'planned';
    const goRate =
      rateChoice === 'other'
        ? (choice?.rateOther ?? plannedRate)
        : rateChoice === 'actual'
          ? (actualRate ?? plannedRate)
          : plannedRate;
    const goScreenPerDay = goRate / (1 - sf) / DAYS_PER_MONTH;
    const plannedSites = base.activationOffsets.length;
    const sitesChoice = choice?.sites ?? 'planned';
    const nSites =
      sitesChoice === 'remove'
        ? 0
        : sitesChoice === 'actual'
          ? activations.length
          : sitesChoice === 'other'
            ? Math.max(0, Math.round(choice?.sitesOther ?? plannedSites))
            : Math.max(plannedSites, activations.length);
    // Sites going forward: the actual ones screen from asOfDay + 1; further sites keep their planned activation
    // day (one every 30 days after the planned list), never before the day after the as-of date.
    const open: number[] = [];
    for (let j = 0; j < nSites; j++) {
      if (j < activations.length) open.push(asOfDay + 1 - delay);
      else {
        const planned =
          j < plannedSites
            ? base.milestones.firstSiteActivation + base.activationOffsets[j]!
            : base.milestones.firstSiteActivation +
              (base.activationOffsets[plannedSites - 1] ?? 0) +
              30 * (j - plannedSites + 1);
        open.push(Math.max(asOfDay + 1, planned));
      }
    }
    open.sort((a, b) => a - b);
    const first = open[0] ?? asOfDay + 1;
    // Prior on the go-forward screening rate per site-day: mean goScreenPerDay, shape alpha.
    const prior =
      Number.isFinite(alpha) && goScreenPerDay > 0 ? { shape: alpha, rate: alpha / goScreenPerDay } : null;
    const k = basis === 'enrolled' ? enrolled / (1 - sf) : screened;
    const posterior = prior ? gammaPosterior(prior, k, exposure) : { shape: 0, rate: 1 };
    infos.push({
      key: base.key,
      name: base.name,
      screened,
      enrolled,
      completed: last(act.completed),
      dropped: act.dropped,
      actualSites: activations.length,
      exposureSiteDays: exposure,
      actualEnrollmentRate: actualRate,
      actualScreenRate: months > 0 ? screened / months : null,
      enrollmentRateGoForward: goRate,
      screenRateGoForward: goRate / (1 - sf),
      sitesGoForward: nSites,
      prior: prior ?? { shape: 0, rate: 1 },
      posterior,
    });
    const capLeft = (cap: number | null, used: number) =>
      cap === null ? null : Math.max(0, cap - Math.round(used));
    const pauseLeft = base.pause && base.pause.afterEnrolled > enrolled ? base.pause : null;
    return {
      ...base,
      milestones: { ...base.milestones, firstSiteActivation: first },
      activationOffsets: open.map((d) => d - first),
      firstScreenDelayDays: delay,
      screenRatePerSiteDay: goScreenPerDay,
      // Choice: fatigue is not carried into the projection (site ages are not tracked across the as-of date).
      fatigue: null,
      // Activations are known or scheduled: the start-up factor does not move them.
      startupSpanDays: 0,
      caps: {
        screened: capLeft(base.caps.screened, screened),
        enrolled: capLeft(base.caps.enrolled, enrolled),
      },
      pause: pauseLeft
        ? { afterEnrolled: pauseLeft.afterEnrolled - Math.round(enrolled), days: pauseLeft.days }
        : null,
      ...(prior ? { rateGammaPosterior: posterior } : {}),
    };
  });

  const lpiReached = remainingEnrolled === 0;
  let projection: PreparedPlan | null = null;
  if (!lpiReached) {
    const meanPass = 1 - projGroups.reduce((s, g) => s + g.screenFailRate, 0) / projGroups.length;
    const studyPause = baseline.pause && baseline.pause.afterEnrolled > enrolledSoFar ? baseline.pause : null;
    projection = {
      ...baseline,
      groups: projGroups,
      horizonDays: MAX_HORIZON_DAYS,
      targetEnrolled: remainingEnrolled - pendingEnrolled,
      targetScreened: Math.max(
        baseline.targetScreened - Math.round(screenedSoFar),
        Math.ceil((remainingEnrolled - pendingEnrolled) / Math.max(meanPass, 1e-9)),
      ),
      pause: studyPause
        ? { afterEnrolled: studyPause.afterEnrolled - Math.round(enrolledSoFar), days: studyPause.days }
        : null,
    };
    delete projection.planLineRateMultiplier;
    projection.horizonDays = horizonDays(projection);
  }
  const totalInScreening = inScreening.reduce((s, x) => s + x, 0);
  const pendingByGroup = inScreening.map((x) =>
    totalInScreening > 0 ? (pendingEnrolled * x) / totalInScreening : 0,
  );
  const planLine = assemble(baseline, projection, actual, asOfDay, pendingByGroup);
  return {
    asOfDay,
    baseline,
    projection,
    planLine,
    groups: infos,
    lpiReached,
    remainingEnrolled,
    pendingEnrolled,
  };
}

/**
 * The 13 result sets of a remodel plan (tables describe the baseline plan's groups with the assembled curves);
 * the summary rows get 'Screen Rate Go Forward' and 'Enrollment Rate Go Forward' (patients/site/month, 2 decimals,
 * Overall weighted by go-forward sites).
 */
export function remodelResultSets(
  input: SimulationInput,
  remodel: RemodelResult,
  forecast?: ForecastForResults,
): ResultSets {
  const shown: PreparedPlan = { ...remodel.baseline, horizonDays: remodel.planLine.horizonDays };
  const sets = buildResultSets(input, shown, remodel.planLine);
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const sites = remodel.groups.reduce((s, g) => s + g.sitesGoForward, 0);
  const weighted = (f: (g: RemodelGroupInfo) => number) =>
    sites > 0 ? remodel.groups.reduce((s, g) => s + f(g) * g.sitesGoForward, 0) / sites : 0;
  sets.summaryTable.forEach((row, k) => {
    const g = remodel.groups[k];
    row['Screen Rate Go Forward'] = r2(g ? g.screenRateGoForward : weighted((x) => x.screenRateGoForward));
    row['Enrollment Rate Go Forward'] = r2(
      g ? g.enrollmentRateGoForward : weighted((x) => x.enrollmentRateGoForward),
    );
  });
  // The forecast of the whole plan (remodelForecastChunk of the projection's replications, summarised and mapped).
  if (forecast) applyForecast(sets, forecast, remodel.baseline.day0Ms, remodel.planLine);
  return sets;
}
