/**
 * The as-of state of a remodel and each group's go-forward projection group (calibration.md section 2): actual
 * curves, pauses that happened, patients still in screening, each group's projection (remodel-group-projection.ts:
 * actual sites kept at their activation days, so fatigue carries on, sites still to activate at their planned
 * days) and the evidence the Monte Carlo draws the rates from.
 */
import { centringFactor, groupAgeProfile } from '../model/age-profile';
import { countryRateCvOf, type PreparedGroup, type PreparedPlan } from '../model/prepared-plan';
import { preparePlan } from '../prepare/prepare-plan';
import { actualCurves, dayOf, type GroupActualCurves } from './remodel-curves';
import { remodelEvidence } from './remodel-evidence';
import { pauseWindowOf, type PauseWindow } from './remodel-exposure';
import { projectGroup, type ProjectionContext } from './remodel-group-projection';
import { priorShape } from './remodel-prior';
import type { RemodelInput } from './remodel-types';

const last = (c: Float64Array) => c[c.length - 1] ?? 0;

/** The pause windows that happened up to the as-of date (study pause on the study total, the group's own). */
function pastPauses(
  baseline: PreparedPlan,
  actual: readonly GroupActualCurves[],
  asOfDay: number,
): { study: PauseWindow | null; groups: (PauseWindow | null)[] } {
  const total = new Float64Array(asOfDay + 1);
  for (const a of actual) for (let d = 0; d <= asOfDay; d++) total[d]! += a.enrolled[d]!;
  return {
    study: pauseWindowOf(baseline.pause, total),
    groups: baseline.groups.map((g, i) => pauseWindowOf(g.pause, actual[i]!.enrolled)),
  };
}

/** What the actuals say at the as-of date: the curves so far, what remains, and who is in screening. */
function asOfState(remodel: RemodelInput, baseline: PreparedPlan) {
  const { input } = remodel;
  const day0 = baseline.day0Ms;
  const asOfMs = Math.max(...input.siteGroups.map((g) => g.actuals?.asOfDateMillis ?? -Infinity));
  if (!Number.isFinite(asOfMs)) throw new RangeError('remodel needs actuals on at least one site group');
  const asOfDay = Math.max(0, dayOf(asOfMs, day0));
  const choices = new Map((remodel.groups ?? []).map((c) => [c.siteGroupId, c]));
  const actual = input.siteGroups.map((g) => actualCurves(g, day0, asOfDay));
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
  return {
    day0,
    asOfDay,
    choices,
    actual,
    enrolledSoFar,
    screenedSoFar,
    remainingEnrolled,
    inScreening,
    pendingEnrolled,
  };
}

/** The as-of state and each group's go-forward projection group (remodelPlan's first half). */
export function remodelCore(remodel: RemodelInput) {
  const { input } = remodel;
  const baseline = preparePlan(input);
  const state = asOfState(remodel, baseline);
  const { asOfDay, choices, actual } = state;
  const pauses = pastPauses(baseline, actual, asOfDay);
  const u = baseline.uncertainty;
  const centre = baseline.groups.map((g) =>
    centringFactor(groupAgeProfile(g.fatigue, u), Math.max(0, u.siteInactivationPerYear ?? 0) / 365.25),
  );
  const ctx: ProjectionContext = {
    baseline,
    asOfDay,
    basis: remodel.posteriorBasis ?? 'screened',
    windows: baseline.groups.map((_, i) =>
      [pauses.study, pauses.groups[i] ?? null].filter((w): w is PauseWindow => w !== null),
    ),
    centre,
  };
  const projections = input.siteGroups.map((g, i) =>
    projectGroup(ctx, g, i, actual[i]!, choices.get(g.siteGroupId)),
  );
  const infos = projections.map((p) => p.info);
  const projSites = projections.map((p) => p.sites);
  const projGroups: PreparedGroup[] = projections.map((p) => p.group);

  /** The Monte Carlo's evidence for projection groups (their rates may have been scaled by Remodel (D)). */
  const evidenceFor = (groups: readonly PreparedGroup[], allStated = false) =>
    remodelEvidence(
      groups.map((g, i) => ({
        ratePerSiteDay: g.screenRatePerSiteDay * centre[i]!,
        stated: allStated || choices.get(input.siteGroups[i]!.siteGroupId)?.rate === 'other',
        ...projSites[i]!,
      })),
      baseline.uncertainty,
      asOfDay + 1,
    );
  const fitted = evidenceFor(projGroups);
  infos.forEach((info, i) => {
    const r = projGroups[i]!.screenRatePerSiteDay;
    const shape = priorShape(baseline.uncertainty.studyRateCv, countryRateCvOf(baseline.uncertainty));
    info.prior = Number.isFinite(shape) && r > 0 ? { shape, rate: shape / r } : { shape: 0, rate: 1 };
    info.posterior = fitted.posteriors[i]!;
  });

  return { baseline, ...state, infos, projGroups, evidenceFor, fitted };
}
