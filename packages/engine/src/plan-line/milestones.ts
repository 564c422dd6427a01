import type { PreparedGroup, PreparedPlan } from '../model/prepared-plan';
import { DAYS_PER_MONTH } from '../time';
import {
  POSITIVE_EPS,
  REACH_TOLERANCE,
  type Curves,
  type GroupPlanLine,
  type GroupPlanMilestones,
  type StudyPlanMilestones,
} from './types';

/** First day on which a cumulative curve exceeds zero, or null. */
export function firstPositiveDay(curve: Float64Array): number | null {
  for (let d = 0; d < curve.length; d++) if (curve[d]! > POSITIVE_EPS) return d;
  return null;
}

/** First day on which a cumulative curve reaches count k (within REACH_TOLERANCE), or null. */
export function reachDay(curve: Float64Array, k: number): number | null {
  const level = k - REACH_TOLERANCE;
  // Binary search: cumulative curves are non-decreasing.
  let lo = 0;
  let hi = curve.length - 1;
  if (hi < 0 || curve[hi]! < level) return null;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (curve[mid]! >= level) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Last day on which a cumulative curve still rises; null when it rises on the horizon's last day (or never). */
function lastRiseDay(curve: Float64Array): number | null {
  const n = curve.length;
  const final = curve[n - 1] ?? 0;
  if (final <= POSITIVE_EPS) return null;
  if (n >= 2 && final - curve[n - 2]! > POSITIVE_EPS * Math.max(1, final)) return null;
  // The first day the curve is (within rounding) at its final value is the last day of the flow.
  const level = final - POSITIVE_EPS * Math.max(1, final);
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (curve[mid]! >= level) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Group milestones and site-months (months of 30.4375 days) of one group. */
export function groupMilestones(
  g: PreparedGroup,
  curves: Curves,
  screeningDays: number,
): { milestones: GroupPlanMilestones; siteMonths: number } {
  const hasSites = g.activationOffsets.length > 0;
  const fsiv = g.milestones.firstSiteActivation;
  const lastOffset = g.activationOffsets[g.activationOffsets.length - 1] ?? 0;
  const horizon = curves.screened.length - 1;
  const within = (d: number) => (d <= horizon ? d : null);
  const lastScreened = lastRiseDay(curves.screened);
  // The day the group's last (rounded) patient enrolls, by the same reach rule as the study's LPI, so that a plan
  // with one group shows one LPI in every table; a group enrolling less than one patient keeps its last flow day.
  const finalEnrolled = curves.enrolled[curves.enrolled.length - 1] ?? 0;
  const lastEnrolled =
    lastScreened === null
      ? null
      : finalEnrolled >= 1
        ? reachDay(curves.enrolled, finalEnrolled)
        : within(lastScreened + screeningDays);
  const milestones: GroupPlanMilestones = {
    firstSiteActivation: hasSites ? within(fsiv) : null,
    lastSiteActivation: hasSites ? within(fsiv + lastOffset) : null,
    firstScreened: firstPositiveDay(curves.screened),
    firstEnrolled: firstPositiveDay(curves.enrolled),
    lastScreened,
    lastEnrolled,
  };
  // Exposure ends after the group's last screening day (or at the horizon while it still screens).
  const end = (lastScreened ?? horizon) + 1;
  let siteDays = 0;
  for (const offset of g.activationOffsets) {
    const open = Math.max(fsiv + offset + g.firstScreenDelayDays, g.screenFromDay ?? -Infinity);
    if (end > open) siteDays += end - open;
  }
  return { milestones, siteMonths: siteDays / DAYS_PER_MONTH };
}

function minOf(values: (number | null)[]): number | null {
  const v = values.filter((x): x is number => x !== null);
  return v.length ? Math.min(...v) : null;
}

function maxOf(values: (number | null)[]): number | null {
  const v = values.filter((x): x is number => x !== null);
  return v.length ? Math.max(...v) : null;
}

/**
 * LPI of a plan whose screening stopped at the screened target before the expected enrolled total reached the
 * enrolled target (groups with screen fail rates above the study's): the day the total reaches its final value, the
 * last patient in as planned. Null when enrollment did not end that way (still rising, capped, or never started).
 */
function shortLastEnrolled(prepared: PreparedPlan, total: Curves): number | null {
  const n = total.enrolled.length;
  const finalEnrolled = total.enrolled[n - 1] ?? 0;
  const finalScreened = total.screened[n - 1] ?? 0;
  if (finalEnrolled < 1 || finalScreened < prepared.targetScreened - REACH_TOLERANCE) return null;
  if (lastRiseDay(total.enrolled) === null) return null;
  return reachDay(total.enrolled, finalEnrolled);
}

/** Study milestones: start-up from the groups' chains, enrollment from the total curves, the rest by shifts. */
export function studyMilestones(
  prepared: PreparedPlan,
  groups: GroupPlanLine[],
  total: Curves,
): StudyPlanMilestones {
  const H = prepared.horizonDays;
  const within = (d: number | null) => (d !== null && d <= H ? d : null);
  const plus = (d: number | null, days: number) => within(d === null ? null : d + days);
  const chains = prepared.groups.map((g) => g.milestones);
  const target = prepared.targetEnrolled;
  const fpi = firstPositiveDay(total.enrolled);
  const lpi = reachDay(total.enrolled, target) ?? shortLastEnrolled(prepared, total);
  const td = prepared.treatmentDays;
  const fu = prepared.followUpDays;
  const lplv = plus(lpi, td + fu);
  const close = prepared.closeOutDays ?? { tfedToDbLock: 0, dbLockToCsr: 0, csrToTmfClose: 0 };
  const dbLock = plus(lplv, close.tfedToDbLock);
  const csr = plus(dbLock, close.dbLockToCsr);
  return {
    siteIdFinish: within(maxOf(chains.map((c) => c.siteIdFinish))),
    regulatorySubmission: within(minOf(chains.map((c) => c.regulatorySubmission))),
    firstRegulatoryApproval: within(minOf(chains.map((c) => c.firstRegulatoryApproval))),
    firstSiteActivation: minOf(groups.map((g) => g.milestones.firstSiteActivation)),
    lastSiteActivation: maxOf(groups.map((g) => g.milestones.lastSiteActivation)),
    firstScreened: firstPositiveDay(total.screened),
    firstEnrolled: fpi,
    enrolled25: reachDay(total.enrolled, Math.ceil(0.25 * target)),
    enrolled50: reachDay(total.enrolled, Math.ceil(0.5 * target)),
    enrolled75: reachDay(total.enrolled, Math.ceil(0.75 * target)),
    lastEnrolled: lpi,
    firstCompletedTreatment: plus(fpi, td),
    lastCompletedTreatment: plus(lpi, td),
    firstLastVisit: plus(fpi, td + fu),
    lastLastVisit: lplv,
    tfed: lplv,
    dbLock,
    csr,
    tmfClose: plus(csr, close.csrToTmfClose),
  };
}
