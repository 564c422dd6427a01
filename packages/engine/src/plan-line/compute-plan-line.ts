import { monthBoundaries } from '../model/calendar';
import type { PreparedPlan } from '../model/prepared-plan';
import { activatedSites, siteCapacity } from './site-capacity';
import { groupMilestones, studyMilestones } from './milestones';
import { POSITIVE_EPS, REACH_TOLERANCE, type Curves, type PauseWindow, type PlanLine } from './types';

/** Calendar month (0-11) of every day 0..horizonDays. */
function monthOfDays(day0Ms: number, horizonDays: number): Uint8Array {
  const out = new Uint8Array(horizonDays + 1);
  const bounds = monthBoundaries(day0Ms, horizonDays);
  let month = new Date(day0Ms).getUTCMonth();
  for (let b = 0; b < bounds.length; b++) {
    const end = bounds[b + 1] ?? horizonDays + 1;
    out.fill(month, bounds[b]!, end);
    month = (month + 1) % 12;
  }
  return out;
}

/**
 * Cumulative curve of group i from the day-major daily screening array (stride G), shifted later by `shift` days
 * and scaled by `factor` (pass probabilities), truncated at the horizon.
 */
function shiftedCumulative(
  daily: Float64Array,
  G: number,
  i: number,
  shift: number,
  factor: number,
): Float64Array {
  const n = daily.length / G;
  const out = new Float64Array(n);
  let acc = 0;
  for (let d = shift; d < n; d++) {
    acc += daily[(d - shift) * G + i]! * factor;
    out[d] = acc;
  }
  return out;
}

/**
 * Computes the plan line: expected screened, enrolled, completed-treatment and completed-follow-up curves per group
 * and in total, day by day (days since day 0), with competitive stop, group caps and pauses, and its milestones.
 */
export function computePlanLine(prepared: PreparedPlan): PlanLine {
  const H = prepared.horizonDays;
  const { screenedDaily, q, stopDay, pauses } = screeningFlow(prepared);
  const groupLines = groupLinesOf(prepared, screenedDaily, q);
  const total = sumCurves(
    groupLines.map((l) => l.curves),
    H + 1,
  );
  return {
    horizonDays: H,
    groups: groupLines,
    total,
    milestones: studyMilestones(prepared, groupLines, total),
    screeningStopDay: stopDay,
    pauses,
  };
}

/**
 * The day loop's fixed tables, day-major flat arrays ([d * G + i]) that keep the loop on contiguous memory: each
 * group's site capacity per day, its screening rate per site-day x seasonal factor per calendar month, its pass
 * rate and its cap on screening (the screened cap, or the enrolled cap through the pass rate).
 */
function flowTables(prepared: PreparedPlan) {
  const H = prepared.horizonDays;
  const groups = prepared.groups;
  const G = groups.length;
  const capacity = new Float64Array((H + 1) * G);
  groups.forEach((g, i) => siteCapacity(g, H, capacity, G, i));
  const monthRate = new Float64Array(12 * G);
  groups.forEach((g, i) => {
    for (let m = 0; m < 12; m++) monthRate[m * G + i] = g.screenRatePerSiteDay * (g.seasonal[m] ?? 1);
  });
  const q = Float64Array.from(groups, (g) => 1 - g.screenFailRate);
  const screenCap = Float64Array.from(groups, (g, i) =>
    Math.min(g.caps.screened ?? Infinity, g.caps.enrolled != null ? g.caps.enrolled / q[i]! : Infinity),
  );
  return { month: monthOfDays(prepared.day0Ms, H), capacity, monthRate, q, screenCap };
}

/**
 * Patients screened per group and day ([d * G + i]) up to the day the study reaches a target, with the pauses that
 * the enrolled counts set off (per group and study-wide).
 */
function screeningFlow(prepared: PreparedPlan) {
  const n = prepared.horizonDays + 1;
  const groups = prepared.groups;
  const G = groups.length;
  const { month, capacity, monthRate, q, screenCap } = flowTables(prepared);
  const screenedDaily = new Float64Array(n * G);
  const cumS = new Float64Array(G);
  const cumE = new Float64Array(G);
  const x = new Float64Array(G);
  // Days until which screening is paused (inclusive): per group, and study-wide.
  const pausedUntil = new Float64Array(G).fill(-1);
  const pauseDone = new Uint8Array(G);
  let studyPausedUntil = -1;
  let studyPauseDone = false;
  const pauses: PauseWindow[] = [];
  let totalS = 0;
  let totalYield = 0;
  let totalE = 0;
  let stopDay: number | null = null;
  const sd = prepared.screeningDays;
  for (let d = 0; d < n; d++) {
    let sumX = 0;
    let sumYield = 0;
    if (stopDay === null && d > studyPausedUntil) {
      const mBase = month[d]! * G;
      const dBase = d * G;
      for (let i = 0; i < G; i++) {
        let v = d > pausedUntil[i]! ? monthRate[mBase + i]! * capacity[dBase + i]! : 0;
        const room = screenCap[i]! - cumS[i]!;
        if (v > room) v = room > 0 ? room : 0;
        x[i] = v;
        sumX += v;
        sumYield += v * q[i]!;
      }
      // Competitive stop: the day's screening is scaled so the study lands exactly on the first target reached.
      const remS = prepared.targetScreened - totalS;
      const remY = prepared.targetEnrolled - totalYield;
      let scale = 1;
      if (sumX > remS) scale = remS / sumX;
      if (sumYield > remY && remY / sumYield < scale) scale = remY / sumYield;
      if (scale < 1) stopDay = d;
      for (let i = 0; i < G; i++) {
        const v = x[i]! * scale;
        screenedDaily[dBase + i] = v;
        cumS[i]! += v;
      }
      totalS += sumX * scale;
      totalYield += sumYield * scale;
      if (
        stopDay === null &&
        (prepared.targetScreened - totalS <= POSITIVE_EPS ||
          prepared.targetEnrolled - totalYield <= POSITIVE_EPS)
      ) {
        stopDay = d;
      }
    }
    // Enrollment today: patients screened screeningDays ago who passed screening.
    if (d >= sd) {
      const sBase = (d - sd) * G;
      for (let i = 0; i < G; i++) {
        const e = screenedDaily[sBase + i]! * q[i]!;
        if (e === 0) continue;
        cumE[i]! += e;
        totalE += e;
        const p = groups[i]!.pause;
        if (p && !pauseDone[i] && cumE[i]! >= p.afterEnrolled - REACH_TOLERANCE) {
          pauseDone[i] = 1;
          pausedUntil[i] = d + p.days;
          pauses.push({ groupKey: groups[i]!.key, startDay: d + 1, endDay: d + p.days });
        }
      }
    }
    const sp = prepared.pause;
    if (sp && !studyPauseDone && totalE >= sp.afterEnrolled - REACH_TOLERANCE) {
      studyPauseDone = true;
      studyPausedUntil = d + sp.days;
      pauses.push({ groupKey: null, startDay: d + 1, endDay: d + sp.days });
    }
  }
  return { screenedDaily, q, stopDay, pauses };
}

/** Each group's curves (the screening flow shifted and thinned, model section 4), milestones and site-months. */
function groupLinesOf(prepared: PreparedPlan, screenedDaily: Float64Array, q: Float64Array) {
  const H = prepared.horizonDays;
  const G = prepared.groups.length;
  const sd = prepared.screeningDays;
  const td = prepared.treatmentDays;
  const fu = prepared.followUpDays;
  const fuFactor = 1 - (prepared.followUpLossRate ?? 0);
  return prepared.groups.map((g, i) => {
    const pass = q[i]! * (1 - g.dropOutRate);
    const curves: Curves = {
      activeSites: activatedSites(g, H),
      screened: shiftedCumulative(screenedDaily, G, i, 0, 1),
      enrolled: shiftedCumulative(screenedDaily, G, i, sd, q[i]!),
      completedTreatment: shiftedCumulative(screenedDaily, G, i, sd + td, pass),
      completedFollowUp: shiftedCumulative(screenedDaily, G, i, sd + td + fu, pass * fuFactor),
    };
    const { milestones, siteMonths } = groupMilestones(g, curves, sd);
    return { key: g.key, curves, milestones, siteMonths };
  });
}

function sumCurves(all: Curves[], n: number): Curves {
  const keys = ['activeSites', 'screened', 'enrolled', 'completedTreatment', 'completedFollowUp'] as const;
  const out = {} as Curves;
  for (const k of keys) {
    const arr = new Float64Array(n);
    for (const c of all) {
      const src = c[k];
      for (let d = 0; d < n; d++) arr[d]! += src[d]!;
    }
    out[k] = arr;
  }
  return out;
}
