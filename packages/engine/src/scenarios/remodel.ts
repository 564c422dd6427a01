/**
 * Remodel plans (simulation model section 6, spec/3 Remodel form): a plan re-forecast from its actuals. Before the
 * as-of date the curves are the actual counts; after it a projection PreparedPlan (same day 0, sites screening from
 * the day after the as-of date, targets = what remains) simulates the remaining patients with the go-forward rates
 * and sites chosen per group; the actual counts are added when the curves are assembled. The Monte Carlo needs
 * only the optional `rateGammaPosterior`. Remodel (D) scales the go-forward rates to a chosen LPI date.
 */
import type { PreparedGroup, PreparedPlan } from '../model/prepared-plan';
import { countryRateCvOf } from '../model/prepared-plan';
import { MAX_HORIZON_DAYS, horizonDays, preparePlan } from '../prepare/prepare-plan';
import { DAYS_PER_MONTH } from '../time';
import { actualCurves, assemble, dayOf } from './remodel-curves';
import { gammaPosterior, priorShape } from './remodel-prior';
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

/** The as-of state and each group's go-forward projection group (remodelPlan's first half). */
function remodelCore(remodel: RemodelInput) {
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

  return {
    baseline,
    day0,
    asOfDay,
    actual,
    enrolledSoFar,
    screenedSoFar,
    remainingEnrolled,
    pendingEnrolled,
    inScreening,
    infos,
    projGroups,
  };
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
    projection.horizonDays = horizon ?? horizonDays(projection);
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
    infos.forEach((info, i) => {
      info.enrollmentRateGoForward *= m;
      info.screenRateGoForward *= m;
      info.posterior = goGroups[i]!.rateGammaPosterior ?? info.posterior;
    });
  }
  const projection = lpiReached ? null : projectionOf(goGroups);
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
    durationSolve,
  };
}
