/**
 * Remodel plans (simulation model section 6, spec/3 Remodel form, calibration.md section 2): a plan re-forecast
 * from its actuals. Before the as-of date the curves are the actual counts; after it a projection PreparedPlan (same
 * day 0, actual sites at their activation days screening from the day after the as-of date, targets = what remains)
 * simulates the remaining patients with the go-forward rates and sites chosen per group; the actual counts are added
 * when the curves are assembled. The Monte Carlo reads the projection's `remodelEvidence` (remodel-core.ts).
 * Remodel (D) scales the go-forward rates to a chosen LPI date.
 */
import type { PreparedGroup, PreparedPlan } from '../model/prepared-plan';
import { MAX_HORIZON_DAYS, forecastSpan } from '../prepare/prepare-plan';
import { MILESTONE_KEYS, NOT_REACHED, runReplications } from '../forecast';
import { remodelCore } from './remodel-core';
import { refineMultiplier } from './scenario-b-refine';
import { assemble, dayOf } from './remodel-curves';
import type { RemodelGroupInfo, RemodelInput, RemodelResult } from './remodel-types';
import {
  REMODEL_MAX_RATE_PER_MONTH,
  scaledGroups,
  solveRateMultiplier,
  type RemodelDurationSolve,
} from './remodel-duration';

export { remodelResultSets } from './remodel-result-sets';
export { gammaPosterior, priorShape } from './remodel-prior';
export { REMODEL_MAX_RATE_PER_MONTH, type RemodelDurationSolve } from './remodel-duration';
export type {
  RemodelGroupChoice,
  RemodelGroupInfo,
  RemodelInput,
  RemodelRateSelection,
  RemodelResult,
  RemodelSitesSelection,
} from './remodel-types';

/**
 * What each group did up to the as-of date and will do going forward (rates per patients/site/month, sites), without
 * the projection's plan line: cheap, for forms that show the actual and planned rates.
 */
export function remodelGroupInfos(remodel: RemodelInput): {
  baseline: PreparedPlan;
  groups: RemodelGroupInfo[];
} {
  const core = remodelCore(remodel);
  return { baseline: core.baseline, groups: core.infos };
}

/** Builds a remodel plan: actual curves up to the as-of date, the go-forward projection after it. */
export function remodelPlan(remodel: RemodelInput): RemodelResult {
  const b = remodelBuilder(remodel);
  return b.resultAt(b.planLineSolve());
}

/**
 * Remodel (D) solved on the forecast: the go-forward rate factor at which half of `replications` replications of
 * `seed` enroll their last patient by the chosen date, so the forecast's P50 LPI falls on it whatever the model's
 * terms (site inactivation, ramp-up, decay), which the plan line does not have. Starts from the plan line's
 * solve; without a date (or with LPI reached) it is remodelPlan. A Monte Carlo of its own: run it on a worker.
 */
export function remodelPlanOnForecast(
  remodel: RemodelInput,
  o: { seed: number; replications: number },
): RemodelResult {
  const b = remodelBuilder(remodel);
  const first = b.planLineSolve();
  if (!first?.reached) return b.resultAt(first);
  const R = Math.max(1, o.replications);
  const target = first.targetDay;
  // A first look at the plan line's factor, on the full horizon: the go-forward time scales about as 1 / rate, so
  // the P50's distance from the as-of date against the target's moves the search's start close to the answer.
  const pilot = lpiDays(b.projectionAt(first.multiplier), o.seed, R);
  const p50 = quantileSorted(pilot, 0.5);
  const start = Number.isFinite(p50)
    ? first.multiplier * Math.max(0.2, Math.min(5, (p50 - b.asOfDay) / Math.max(1, target - b.asOfDay)))
    : first.multiplier * 2;
  // The share only asks whether LPI falls by the target: the projection runs to two days after it.
  const horizon = Math.min(MAX_HORIZON_DAYS, target + 2);
  const share = (m: number) => shareBy(lpiDays(b.projectionAt(m, horizon), o.seed, R), target);
  const refined = refineMultiplier(
    share,
    { p: 0.5, replications: R, c1: Math.min(b.maxMultiplier, start), maxC: b.maxMultiplier },
    FORECAST_TOLERANCE,
  );
  return b.resultAt({
    targetDay: target,
    multiplier: refined.multiplier,
    reached: refined.feasible,
    planLineMultiplier: first.multiplier,
    forecastShare: refined.probability,
  });
}

/** Relative width of the forecast solve's last bracket (a 0.1% rate step moves LPI by well under a day). */
const FORECAST_TOLERANCE = 1e-3;
const LPI = MILESTONE_KEYS.indexOf('lpi');

/** LPI (days since day 0, Infinity when not reached) of replications [0, replications) of `seed`, ascending. */
function lpiDays(projection: PreparedPlan, seed: number, replications: number): Float64Array {
  const chunk = runReplications(projection, { seed, from: 0, to: replications, grid: [0] });
  const nM = MILESTONE_KEYS.length;
  const out = new Float64Array(replications);
  for (let r = 0; r < replications; r++) {
    const lpi = chunk.milestones[r * nM + LPI]!;
    out[r] = lpi === NOT_REACHED ? Infinity : lpi;
  }
  return out.sort();
}

const shareBy = (sorted: Float64Array, day: number): number => {
  let fit = 0;
  while (fit < sorted.length && sorted[fit]! <= day) fit++;
  return fit / sorted.length;
};

const quantileSorted = (sorted: Float64Array, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/**
 * The plan of what is left after the as-of day on `groups`: the enrolled still to come less those in screening,
 * the screened still to come, a study pause not yet reached; over the forecast's span, or `horizon` days.
 */
function remodelProjection(
  core: ReturnType<typeof remodelCore>,
  groups: PreparedGroup[],
  horizon?: number,
): PreparedPlan {
  const { baseline, enrolledSoFar, screenedSoFar, remainingEnrolled, pendingEnrolled, projGroups } = core;
  const meanPass = 1 - projGroups.reduce((s, g) => s + g.screenFailRate, 0) / projGroups.length;
  const studyPause = baseline.pause && baseline.pause.afterEnrolled > enrolledSoFar ? baseline.pause : null;
  const projection: PreparedPlan = {
    ...baseline,
    groups,
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
  Object.assign(
    projection,
    horizon === undefined ? forecastSpan(projection) : { horizonDays: horizon, weeklyGridEndDay: horizon },
  );
  return projection;
}

/** The remodel's pieces around one core: the projection at a rate factor, the plan-line solve, the result. */
function remodelBuilder(remodel: RemodelInput) {
  const core = remodelCore(remodel);
  const { baseline, day0, asOfDay, actual, remainingEnrolled } = core;
  const { pendingEnrolled, inScreening, infos, projGroups } = core;
  const lpiReached = remainingEnrolled === 0;
  const totalInScreening = inScreening.reduce((s, x) => s + x, 0);
  const pendingByGroup = inScreening.map((x) =>
    totalInScreening > 0 ? (pendingEnrolled * x) / totalInScreening : 0,
  );
  const projectionOf = (groups: PreparedGroup[], horizon?: number) =>
    remodelProjection(core, groups, horizon);
  const fastest = Math.max(...infos.map((g) => (g.sitesGoForward > 0 ? g.enrollmentRateGoForward : 0)));
  const maxMultiplier = fastest > 0 ? REMODEL_MAX_RATE_PER_MONTH / fastest : 1;

  /** The projection at `m` x the go-forward rates, with the Monte Carlo's evidence (the rates as stated). */
  const projectionAt = (m: number, horizon?: number): PreparedPlan => {
    const groups = scaledGroups(projGroups, m);
    const projection = projectionOf(groups, horizon);
    projection.remodelEvidence = core.evidenceFor(groups, true).evidence;
    return projection;
  };

  /** Remodel (D) on the plan line: the factor that puts its LPI on the chosen date (null without a date). */
  const planLineSolve = (): RemodelDurationSolve | null => {
    if (remodel.lastEnrolledDateMillis === undefined || lpiReached) return null;
    const targetDay = dayOf(remodel.lastEnrolledDateMillis, day0);
    // While searching, the plan line only has to reach the target day (a cheaper, shorter horizon).
    const horizon = Math.min(MAX_HORIZON_DAYS, Math.max(targetDay, asOfDay + 1) + 2);
    const lpiAt = (m: number) =>
      assemble(baseline, projectionOf(scaledGroups(projGroups, m), horizon), actual, asOfDay, pendingByGroup)
        .milestones.lastEnrolled;
    return solveRateMultiplier(lpiAt, targetDay, maxMultiplier);
  };

  const resultAt = (durationSolve: RemodelDurationSolve | null): RemodelResult => {
    let goGroups = projGroups;
    if (durationSolve) {
      const m = durationSolve.multiplier;
      goGroups = scaledGroups(projGroups, m);
      infos.forEach((info) => {
        info.enrollmentRateGoForward *= m;
        info.screenRateGoForward *= m;
      });
    }
    const projection = lpiReached ? null : projectionOf(goGroups);
    if (projection) {
      // Remodel (D): the solved rates are stated ones; the forecast is centred on them.
      const fitted = goGroups === projGroups ? core.fitted : core.evidenceFor(goGroups, true);
      projection.remodelEvidence = fitted.evidence;
      infos.forEach((info, i) => (info.posterior = fitted.posteriors[i]!));
    }
    return {
      asOfDay,
      baseline,
      projection,
      planLine: assemble(baseline, projection, actual, asOfDay, pendingByGroup),
      groups: infos,
      lpiReached,
      remainingEnrolled,
      pendingEnrolled,
      estimatedSpread: lpiReached
        ? null
        : { siteRateCv: core.fitted.siteRateCv, countryRateCv: core.fitted.countryRateCv },
      durationSolve,
    };
  };
  return { asOfDay, projectionAt, planLineSolve, resultAt, maxMultiplier };
}
