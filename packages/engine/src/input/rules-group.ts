import { MSG } from './messages';
import type { SiteGroupInput } from './schema-group';
import type { PlanInput } from './schema-plan';
import { milestoneChain, day0Of } from '../prepare/milestone-chain';

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

/** Activation profile: sites and days non-negative, non-decreasing and without duplicates (spec/1 section 5). */
export function activationProfileRules(
  points: { siteActivationProfilePct: number; siteActivationProfileDays: number }[],
  path: (string | number)[],
  add: AddIssue,
): void {
  points.forEach((p, k) => {
    const sitesPath = [...path, k, 'siteActivationProfilePct'];
    const daysPath = [...path, k, 'siteActivationProfileDays'];
    if (p.siteActivationProfilePct < 0) add(sitesPath, MSG.sitesNonNegative);
    if (p.siteActivationProfileDays < 0) add(daysPath, MSG.daysNonNegative);
    const prev = points[k - 1];
    if (!prev) return;
    if (p.siteActivationProfilePct < prev.siteActivationProfilePct) add(sitesPath, MSG.sitesIncreasing);
    else if (p.siteActivationProfilePct === prev.siteActivationProfilePct)
      add(sitesPath, MSG.sitesDuplicates);
    if (p.siteActivationProfileDays < prev.siteActivationProfileDays) add(daysPath, MSG.daysIncreasing);
    else if (p.siteActivationProfileDays === prev.siteActivationProfileDays)
      add(daysPath, MSG.daysDuplicates);
  });
}

/** Seasonal variation: one value per month 0-11, not all zero. */
export function seasonalRules(
  rows: { enrollmentSeasonalMonth: number; enrollmentSeasonalVariation: number }[],
  path: (string | number)[],
  add: AddIssue,
): void {
  const months = new Set(rows.map((r) => r.enrollmentSeasonalMonth));
  if (rows.length !== 12 || months.size !== 12) add(path, MSG.seasonalMonths);
  else if (rows.every((r) => r.enrollmentSeasonalVariation === 0)) add(path, MSG.allZero);
}

/** Cross-field rules of one site group (country inputs, profiles, seasonality, chain, actuals). */
export function groupRules(plan: PlanInput, g: SiteGroupInput, i: number, add: AddIssue): void {
  const at = (...p: (string | number)[]) => ['siteGroups', i, ...p];
  boundsOrder(g.NUM_SITES_ACTIVATED, at('NUM_SITES_ACTIVATED'), add);
  for (const k of ['NUM_SUBJECTS_SCREENED', 'NUM_SUBJECTS_ENROLLED', 'NUM_SUBJECTS_TREATED'] as const) {
    boundsOrder(g[k], at(k), add);
  }
  boundsOrder(g.NUM_SUBJECTS_COMPLETED, at('NUM_SUBJECTS_COMPLETED'), add);
  // A count given below the screened level needs the screened bounds (spec/1 section 5, country inputs).
  const laterTier = [g.NUM_SUBJECTS_ENROLLED, g.NUM_SUBJECTS_TREATED, g.NUM_SUBJECTS_COMPLETED].some(
    (b) => b?.lowerBound != null || b?.upperBound != null,
  );
  if (laterTier) {
    if (g.NUM_SUBJECTS_SCREENED?.lowerBound == null)
      add(at('NUM_SUBJECTS_SCREENED', 'lowerBound'), MSG.empty);
    if (g.NUM_SUBJECTS_SCREENED?.upperBound == null)
      add(at('NUM_SUBJECTS_SCREENED', 'upperBound'), MSG.empty);
  }
  const screenedLow = g.NUM_SUBJECTS_SCREENED?.lowerBound;
  const enrolledLow = g.NUM_SUBJECTS_ENROLLED?.lowerBound;
  if (screenedLow != null && enrolledLow != null && enrolledLow > screenedLow) {
    add(at('NUM_SUBJECTS_ENROLLED', 'lowerBound'), MSG.enrolledAboveScreened);
  }
  const treatedLow = g.NUM_SUBJECTS_TREATED?.lowerBound;
  if (treatedLow != null && treatedLow > (enrolledLow ?? screenedLow ?? Infinity)) {
    add(at('NUM_SUBJECTS_TREATED', 'lowerBound'), MSG.treatedAboveEnrolled);
  }
  // The UI disables one of each pair when the other is filled; an API caller must do the same.
  if (g.expectedScreenFailureRate != null && enrolledLow != null) {
    add(at('expectedScreenFailureRate'), MSG.onlyOneSfOrEnrolled);
  }
  if (g.expectedTreatmentDropoutRate != null && treatedLow != null) {
    add(at('expectedTreatmentDropoutRate'), MSG.onlyOneDoOrTreated);
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
  if (g.enrollmentVariations) seasonalRules(g.enrollmentVariations, at('enrollmentVariations'), add);

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
