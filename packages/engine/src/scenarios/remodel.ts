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
import { remodelCore } from './remodel-core';
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
  const core = remodelCore(remodel);
  const { baseline, day0, asOfDay, actual, enrolledSoFar, screenedSoFar, remainingEnrolled } = core;
  const { pendingEnrolled, inScreening, infos, projGroups } = core;
  const lpiReached = remainingEnrolled === 0;
  const totalInScreening = inScreening.reduce((s, x) => s + x, 0);
  const pendingByGroup = inScreening.map((x) =>
    totalInScreening > 0 ? (pendingEnrolled * x) / totalInScreening : 0,
  );
  const projectionOf = (groups: PreparedGroup[], horizon?: number): PreparedPlan => {
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
  };
  let durationSolve: RemodelDurationSolve | null = null;
  let goGroups = projGroups;
  if (remodel.lastEnrolledDateMillis !== undefined && !lpiReached) {
    const targetDay = dayOf(remodel.lastEnrolledDateMillis, day0);
    // While searching, the plan line only has to reach the target day (a cheaper, shorter horizon).
    const horizon = Math.min(MAX_HORIZON_DAYS, Math.max(targetDay, asOfDay + 1) + 2);
    const lpiAt = (m: number) =>
      assemble(baseline, projectionOf(scaledGroups(projGroups, m), horizon), actual, asOfDay, pendingByGroup)
        .milestones.lastEnrolled;
    const fastest = Math.max(...infos.map((g) => (g.sitesGoForward > 0 ? g.enrollmentRateGoForward : 0)));
    durationSolve = solveRateMultiplier(
      lpiAt,
      targetDay,
      fastest > 0 ? REMODEL_MAX_RATE_PER_MONTH / fastest : 1,
    );
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
    estimatedSpread: lpiReached
      ? null
      : { siteRateCv: core.fitted.siteRateCv, countryRateCv: core.fitted.countryRateCv },
    durationSolve,
  };
}
