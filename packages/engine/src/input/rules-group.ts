import { validateActivationProfile } from './activation-profile-rules';
import { MSG } from './messages';
import { patientBoundsIssues } from './patient-rules';
import { seasonalVariationIssues } from './seasonal-variation-rules';
import type { SiteGroupInput } from './schema-group';
import type { PlanInput } from './schema-plan';
import { milestoneChain, day0Of } from '../prepare/milestone-chain';
import { RATE_OR_COUNT_PAIRS, rateOrCountIssue } from './rate-or-count';

/** Reports one issue at a path (relative to the whole input). */
export type AddIssue = (path: (string | number)[], message: string) => void;

/** Both-or-neither pairs: the empty one gets "Can't be empty.". */
export function bothOrNeither(
  a: unknown,
  b: unknown,
  pathA: (string | number)[],
  pathB: (string | number)[],
  add: AddIssue,
): void {
  if (a != null && b == null) add(pathB, MSG.empty);
  if (a == null && b != null) add(pathA, MSG.empty);
}

/** Upper bound not below lower bound. */
export function boundsOrder(
  b: { lowerBound?: number | null; upperBound?: number | null } | null | undefined,
  path: (string | number)[],
  add: AddIssue,
): void {
  if (b?.lowerBound != null && b.upperBound != null && b.upperBound < b.lowerBound) {
    add([...path, 'upperBound'], MSG.upperBelowLower);
  }
}

/** The activation profile rules (validateActivationProfile) at the input's field paths. */
function activationProfileRules(
  points: { siteActivationProfilePct: number; siteActivationProfileDays: number }[],
  path: (string | number)[],
  add: AddIssue,
): void {
  const errors = validateActivationProfile(
    points.map((p) => ({ sites: p.siteActivationProfilePct, days: p.siteActivationProfileDays })),
  );
  errors.points.forEach((cell, k) => {
    if (cell.sites) add([...path, k, 'siteActivationProfilePct'], cell.sites);
    if (cell.days) add([...path, k, 'siteActivationProfileDays'], cell.days);
  });
  if (errors.form) add(path, errors.form);
}

/** Cross-field rules of one site group (country inputs, profiles, seasonality, chain, actuals). */
export function groupRules(plan: PlanInput, g: SiteGroupInput, i: number, add: AddIssue): void {
  const at = (...p: (string | number)[]) => ['siteGroups', i, ...p];
  boundsOrder(g.NUM_SITES_ACTIVATED, at('NUM_SITES_ACTIVATED'), add);
  for (const issue of patientBoundsIssues(g)) add(at(...issue.path), issue.message);
  // The UI disables one of each pair when the other is filled; an API caller must do the same.
  const pairs = [
    ['screenFail', 'expectedScreenFailureRate', 'NUM_SUBJECTS_ENROLLED'],
    ['dropOut', 'expectedTreatmentDropoutRate', 'NUM_SUBJECTS_TREATED'],
  ] as const;
  for (const [pair, rate, count] of pairs) {
    if (rateOrCountIssue(g[rate] != null, g[count]?.lowerBound != null, false) === 'both')
      add(at(rate), RATE_OR_COUNT_PAIRS[pair].message);
  }
  bothOrNeither(
    g.pauseEnrollmentAfterPatient,
    g.pauseEnrollmentDays,
    at('pauseEnrollmentAfterPatient'),
    at('pauseEnrollmentDays'),
    add,
  );
  bothOrNeither(
    g.eventualSiteEnrollmentDays,
    g.eventualSiteEnrollmentRate,
    at('eventualSiteEnrollmentDays'),
    at('eventualSiteEnrollmentRate'),
    add,
  );
  if (g.isRollingSubmission && g.firstSiteIdDays == null) add(at('firstSiteIdDays'), MSG.empty);
  if (g.activationProfiles) activationProfileRules(g.activationProfiles, at('activationProfiles'), add);
  for (const issue of g.enrollmentVariations ? seasonalVariationIssues(g.enrollmentVariations) : [])
    add(at('enrollmentVariations', ...issue.path), issue.message);

  const seen = new Set<string>();
  (g.milestoneOverrides ?? []).forEach((o, k) => {
    if (seen.has(o.milestone)) add(at('milestoneOverrides', k, 'milestone'), MSG.milestoneTwice);
    seen.add(o.milestone);
  });
  for (const v of milestoneChain(plan, g).violations) {
    add(at('milestoneOverrides', v.overrideIndex, 'dateMillis'), MSG.milestoneEarlier);
  }

  const act = g.actuals;
  if (act) {
    if (act.asOfDateMillis < day0Of(plan) - 12 * 3_600_000)
      add(at('actuals', 'asOfDateMillis'), MSG.actualsBeforeStart);
    const dates = act.siteActivationDatesMillis;
    if (dates.length > 0 && act.asOfDateMillis < Math.min(...dates)) {
      add(at('actuals', 'asOfDateMillis'), MSG.actualsBeforeActivation);
    } else {
      dates.forEach((d, k) => {
        if (d > act.asOfDateMillis)
          add(at('actuals', 'siteActivationDatesMillis', k), MSG.activationAfterActuals);
      });
    }
  }
}
