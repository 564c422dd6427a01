import type { SiteGroupInput } from '../input/schema-group';
import type { PlanInput } from '../input/schema-plan';

/** Study-level rates and targets, with rates derived from counts where the plan gives counts (model section 4). */
export interface StudyRates {
  screenFailRate: number;
  dropOutRate: number;
  followUpLossRate: number;
  targetScreened: number;
  targetEnrolled: number;
}

const clampRate = (r: number) => Math.min(Math.max(r, 0), 1);

/** Screen fail rate = 1 - enrolled / screened and drop-out = 1 - completing / enrolled when counts are given. */
export function studyRates(plan: PlanInput): StudyRates {
  const t = plan.targets;
  const statedScreened = t.SUBJECTS_TO_SCREEN.lowerBound;
  const screenFailRate =
    plan.screenFailRate ?? clampRate(1 - (t.NUM_SUBJECTS_ENROLLED ?? statedScreened) / statedScreened);
  const expectedYield = Math.round(statedScreened * (1 - screenFailRate));
  const targetEnrolled = t.NUM_SUBJECTS_ENROLLED ?? Math.max(1, expectedYield);
  // A yield that rounds to zero patients is taken as one; the screened target then grows to what one patient needs,
  // or the plan line (stopping at the screened target) would never reach LPI while the forecast always does.
  const targetScreened =
    t.NUM_SUBJECTS_ENROLLED == null && expectedYield < 1 && screenFailRate < 1
      ? Math.max(statedScreened, Math.ceil(1 / (1 - screenFailRate)))
      : statedScreened;
  const dropOutRate =
    plan.dropOutRate ?? clampRate(1 - (t.NUM_SUBJECTS_TREATED ?? targetEnrolled) / targetEnrolled);
  const treated = t.NUM_SUBJECTS_TREATED ?? targetEnrolled * (1 - dropOutRate);
  const followUpLossRate =
    t.NUM_SUBJECTS_COMPLETED != null && treated > 0 ? clampRate(1 - t.NUM_SUBJECTS_COMPLETED / treated) : 0;
  return { screenFailRate, dropOutRate, followUpLossRate, targetScreened, targetEnrolled };
}

/** The group's screen fail rate: its own, else from its screened/enrolled lower bounds, else the study's. */
export function groupScreenFailRate(g: SiteGroupInput, study: StudyRates): number {
  if (g.expectedScreenFailureRate != null) return g.expectedScreenFailureRate;
  const s = g.NUM_SUBJECTS_SCREENED?.lowerBound;
  const e = g.NUM_SUBJECTS_ENROLLED?.lowerBound;
  if (s != null && e != null && s > 0) return Math.min(clampRate(1 - e / s), 0.99);
  return study.screenFailRate;
}

/** The group's drop-out rate: its own, else from its enrolled/treated lower bounds, else the study's. */
export function groupDropOutRate(g: SiteGroupInput, study: StudyRates): number {
  if (g.expectedTreatmentDropoutRate != null) return g.expectedTreatmentDropoutRate;
  const e = g.NUM_SUBJECTS_ENROLLED?.lowerBound;
  const t = g.NUM_SUBJECTS_TREATED?.lowerBound;
  if (e != null && t != null && e > 0) return clampRate(1 - t / e);
  return study.dropOutRate;
}

/** The group's enrollment rate, patients enrolled/site/month: its own, else the study's, else 0. */
export function groupEnrollmentRate(plan: PlanInput, g: SiteGroupInput): number {
  return g.siteEnrollmentRateAtSIV ?? plan.enrollmentRate ?? 0;
}
