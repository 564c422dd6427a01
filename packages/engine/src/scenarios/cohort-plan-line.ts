/**
 * The plan line of a sequential cohort plan: the sum of the cohort flows per site group. Each cohort screens only
 * within its window, at the share of the network's capacity that `cohortChain` gave it on each day, and every group
 * screens at that share (the chain shares the whole network, not single groups). The result has the type of
 * `computePlanLine`'s, so the 13 ordinary result sets read it unchanged.
 */
import type { PreparedGroup, PreparedPlan } from '../model/prepared-plan';
import { firstPositiveDay, studyMilestones } from '../plan-line/milestones';
import { activatedSites } from '../plan-line/site-capacity';
import type { Curves, GroupPlanLine, PlanLine, StudyPlanMilestones } from '../plan-line/types';
import { DAYS_PER_MONTH } from '../time';
import type { CohortChain } from './cohorts';

/** Daily (not cumulative) expected flows of one group on the full chain horizon. */
interface GroupDaily {
  screened: Float64Array;
  enrolled: Float64Array;
  completedTreatment: Float64Array;
  completedFollowUp: Float64Array;
}

function cumulative(daily: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n);
  let acc = 0;
  for (let d = 0; d < n; d++) out[d] = acc += daily[d]!;
  return out;
}

/** Last day (< n) with a positive daily flow; null when none, or when it is the last day (still running). */
function lastFlowDay(daily: Float64Array, n: number): number | null {
  for (let d = n - 1; d >= 0; d--) if (daily[d]! > 0) return d === n - 1 ? null : d;
  return null;
}

/** Per group, the daily flows: screening at the cohorts' summed share, enrollment after each cohort's shift. */
function groupDailies(prepared: PreparedPlan, chain: CohortChain): GroupDaily[] {
  const N = chain.horizonDays + 1;
  // Cohorts with the same screening duration enroll on the same days: sum their shares once per shift.
  const byShift = new Map<number, Float64Array>();
  const screenShare = new Float64Array(N);
  for (const f of chain.flows) {
    let acc = byShift.get(f.enrollShift);
    if (!acc) byShift.set(f.enrollShift, (acc = new Float64Array(N)));
    for (let d = 0; d < N; d++) {
      acc[d]! += f.share[d]!;
      screenShare[d]! += f.share[d]!;
    }
  }
  const td = prepared.treatmentDays;
  const fu = prepared.followUpDays;
  const fuFactor = 1 - (prepared.followUpLossRate ?? 0);
  return prepared.groups.map((g, i) => {
    const intensity = chain.network.groupScreened[i]!;
    const q = 1 - g.screenFailRate;
    const pass = q * (1 - g.dropOutRate);
    const out: GroupDaily = {
      screened: new Float64Array(N),
      enrolled: new Float64Array(N),
      completedTreatment: new Float64Array(N),
      completedFollowUp: new Float64Array(N),
    };
    for (let d = 0; d < N; d++) out.screened[d] = intensity[d]! * screenShare[d]!;
    for (const [shift, share] of byShift) {
      for (let d = 0; d + shift < N; d++) {
        const v = intensity[d]! * share[d]!;
        if (v === 0) continue;
        out.enrolled[d + shift]! += v * q;
        if (d + shift + td < N) out.completedTreatment[d + shift + td]! += v * pass;
        if (d + shift + td + fu < N) out.completedFollowUp[d + shift + td + fu]! += v * pass * fuFactor;
      }
    }
    return out;
  });
}

/** Site-months of one group: each site's days from its first screening day to `end` on which a cohort screens. */
function siteMonths(g: PreparedGroup, screeningDays: Int32Array, end: number): number {
  // screeningDays[d] = number of days in [0, d) on which some cohort screens.
  const count = (from: number, to: number) =>
    screeningDays[Math.max(0, to)]! - screeningDays[Math.max(0, from)]!;
  let days = 0;
  for (const off of g.activationOffsets) {
    const open = g.milestones.firstSiteActivation + off + g.firstScreenDelayDays;
    if (end > open) days += count(open, end);
  }
  return days / DAYS_PER_MONTH;
}

/** LPI and everything shifted from it (LPC, LPLV, TFED, DB lock, CSR, TMF close), days; null past `horizon`. */
function withLastEnrolled(
  prepared: PreparedPlan,
  m: StudyPlanMilestones,
  lpi: number | null,
  horizon: number,
): StudyPlanMilestones {
  const plus = (d: number | null, days: number) => (d === null || d + days > horizon ? null : d + days);
  const close = prepared.closeOutDays ?? { tfedToDbLock: 0, dbLockToCsr: 0, csrToTmfClose: 0 };
  const lplv = plus(lpi, prepared.treatmentDays + prepared.followUpDays);
  const dbLock = plus(lplv, close.tfedToDbLock);
  const csr = plus(dbLock, close.dbLockToCsr);
  return {
    ...m,
    lastEnrolled: plus(lpi, 0),
    lastCompletedTreatment: plus(lpi, prepared.treatmentDays),
    lastLastVisit: lplv,
    tfed: lplv,
    dbLock,
    csr,
    tmfClose: plus(csr, close.csrToTmfClose),
  };
}

/** The plan line cut to `horizon` days (curves, group milestones, site-months and study milestones). */
function lineOn(
  prepared: PreparedPlan,
  chain: CohortChain,
  dailies: GroupDaily[],
  horizon: number,
): PlanLine {
  const n = horizon + 1;
  const N = chain.horizonDays + 1;
  const screeningDays = new Int32Array(N + 1);
  const screens = (d: number) => chain.flows.some((f) => f.share[d]! > 0);
  for (let d = 0; d < N; d++) screeningDays[d + 1] = screeningDays[d]! + (screens(d) ? 1 : 0);
  const groups: GroupPlanLine[] = prepared.groups.map((g, i) => {
    const daily = dailies[i]!;
    const curves: Curves = {
      activeSites: activatedSites(g, horizon),
      screened: cumulative(daily.screened, n),
      enrolled: cumulative(daily.enrolled, n),
      completedTreatment: cumulative(daily.completedTreatment, n),
      completedFollowUp: cumulative(daily.completedFollowUp, n),
    };
    const hasSites = g.activationOffsets.length > 0;
    const within = (d: number) => (hasSites && d <= horizon ? d : null);
    const lastScreened = lastFlowDay(daily.screened, n);
    const lastEnrolled = lastScreened === null ? null : lastFlowDay(daily.enrolled, n);
    const fsiv = g.milestones.firstSiteActivation;
    return {
      key: g.key,
      curves,
      milestones: {
        firstSiteActivation: within(fsiv),
        lastSiteActivation: within(fsiv + (g.activationOffsets.at(-1) ?? 0)),
        firstScreened: firstPositiveDay(curves.screened),
        firstEnrolled: firstPositiveDay(curves.enrolled),
        lastScreened,
        lastEnrolled,
      },
      siteMonths: siteMonths(g, screeningDays, (lastScreened ?? horizon) + 1),
    };
  });
  const total = {} as Curves;
  for (const k of [
    'activeSites',
    'screened',
    'enrolled',
    'completedTreatment',
    'completedFollowUp',
  ] as const) {
    const arr = new Float64Array(n);
    for (const g of groups) for (let d = 0; d < n; d++) arr[d]! += g.curves[k][d]!;
    total[k] = arr;
  }
  // The study target is what the cohorts enroll; LPI is the chain's last enrollment (each cohort lands exactly
  // on its patients on its last screening day), so the ordinary sets show the cohort schedule's LPI.
  const enrolling = chain.rows.filter((r) => r.patients > 0);
  const target = enrolling.reduce((s, r) => s + r.patients, 0);
  const ends = enrolling.map((r) => r.enrollingEndDay);
  const lpi = target > 0 && ends.every((d) => d !== null) ? Math.max(...(ends as number[])) : null;
  const shown: PreparedPlan = { ...prepared, horizonDays: horizon, targetEnrolled: Math.max(target, 1) };
  let milestones = withLastEnrolled(prepared, studyMilestones(shown, groups, total), lpi, horizon);
  if (target === 0)
    milestones = { ...milestones, firstEnrolled: null, enrolled25: null, enrolled50: null, enrolled75: null };
  const lastScreening = lpi === null ? null : Math.max(...groups.map((g) => g.milestones.lastScreened ?? -1));
  return {
    horizonDays: horizon,
    groups,
    total,
    milestones,
    screeningStopDay: lastScreening !== null && lastScreening >= 0 ? lastScreening : null,
    pauses: [],
  };
}

/**
 * The plan line of a sequential cohort plan (days since day 0), from its plan-line chain (`cohortChain`): per group,
 * screened = the group's full-capacity screening x the cohorts' summed share of the day; enrolled, completed
 * treatment and follow-up shifted by each cohort's screening duration (+ treatment, + follow-up days). The target is
 * the cohorts' patients and LPI the chain's last enrollment. Horizon as `preparePlan`'s rule: min(15 years, TMF
 * close + (LPI - FPS)), 15 years when LPI is not reached. Caps and pauses do not apply (the chain ignores them).
 */
export function cohortPlanLine(prepared: PreparedPlan, chain: CohortChain): PlanLine {
  const dailies = groupDailies(prepared, chain);
  const full = lineOn(prepared, chain, dailies, chain.horizonDays);
  const m = full.milestones;
  const horizon =
    m.tmfClose === null || m.lastEnrolled === null || m.firstScreened === null
      ? chain.horizonDays
      : Math.min(chain.horizonDays, m.tmfClose + (m.lastEnrolled - m.firstScreened));
  return horizon === chain.horizonDays ? full : lineOn(prepared, chain, dailies, horizon);
}
