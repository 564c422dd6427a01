/** Remodel curves: the actual cumulative curves to the as-of date and the assembled plan line (actual + projection). */
import type { SimulationInput } from '../input/schema';
import type { PreparedPlan } from '../model/prepared-plan';
import { computePlanLine } from '../plan-line/compute-plan-line';
import { groupMilestones, studyMilestones } from '../plan-line/milestones';
import type { Curves, GroupPlanLine, PlanLine } from '../plan-line/types';
import { MS_PER_DAY } from '../time';

export const dayOf = (ms: number, day0Ms: number) => Math.round((ms - day0Ms) / MS_PER_DAY);

export interface GroupActualCurves {
  activeSites: Float64Array;
  screened: Float64Array;
  enrolled: Float64Array;
  completed: Float64Array;
  dropped: number;
}

/** Cumulative actual counts per day 0..asOfDay: linear within each month, the month's count at its last day. */
export function actualCurves(
  g: SimulationInput['siteGroups'][number],
  day0Ms: number,
  asOfDay: number,
): GroupActualCurves {
  const n = asOfDay + 1;
  const add = (curve: Float64Array, from: number, to: number, count: number) => {
    // Spreads `count` over days [from, to] (clamped to [0, asOfDay]), cumulative from `to` on.
    const a = Math.max(0, Math.min(from, asOfDay));
    const b = Math.max(a, Math.min(to, asOfDay));
    for (let d = a; d < n; d++) curve[d]! += count * Math.min(1, (d - a + 1) / (b - a + 1));
  };
  const screened = new Float64Array(n);
  const enrolled = new Float64Array(n);
  const completed = new Float64Array(n);
  const activeSites = new Float64Array(n);
  let dropped = 0;
  for (const m of g.actuals?.monthly ?? []) {
    const start = dayOf(m.monthStartMillis, day0Ms);
    const next = new Date(m.monthStartMillis);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const end = dayOf(next.getTime(), day0Ms) - 1;
    add(screened, start, end, m.screened);
    add(enrolled, start, end, m.enrolled);
    add(completed, start, end, m.completed);
    dropped += m.dropped;
  }
  for (const a of g.actuals?.siteActivationDatesMillis ?? [])
    add(activeSites, dayOf(a, day0Ms), dayOf(a, day0Ms), 1);
  return { activeSites, screened, enrolled, completed, dropped };
}

/** Actual curves up to asOfDay, then actual at asOfDay + the projection's increments; completions of patients in treatment at the as-of date ramp linearly over the treatment period. */
export function assemble(
  baseline: PreparedPlan,
  projection: PreparedPlan | null,
  actual: GroupActualCurves[],
  asOfDay: number,
  pendingByGroup: number[],
): PlanLine {
  const proj = projection ? computePlanLine(projection) : null;
  const horizon = Math.max(
    proj?.horizonDays ?? 0,
    asOfDay + baseline.treatmentDays + baseline.followUpDays + 1,
  );
  const n = horizon + 1;
  const td = Math.max(1, baseline.treatmentDays);
  const fu = baseline.followUpDays;
  const loss = baseline.followUpLossRate ?? 0;
  const groups: GroupPlanLine[] = baseline.groups.map((g, i) => {
    const a = actual[i]!;
    const p = proj?.groups[i]?.curves;
    const at = (c: Float64Array) => c[c.length - 1] ?? 0;
    const pAt = (c: Float64Array | undefined, d: number) => (c ? (c[Math.min(d, c.length - 1)] ?? 0) : 0);
    const keptAtAsOf = pAt(p?.activeSites, asOfDay);
    const inTreatment = Math.max(0, at(a.enrolled) - at(a.completed) - a.dropped) * (1 - g.dropOutRate);
    // Patients in screening at the as-of date enroll linearly over the next screening period and complete
    // treatment treatmentDays later (x (1 - drop-out)).
    const pending = pendingByGroup[i] ?? 0;
    const sdays = Math.max(1, baseline.screeningDays);
    const pendingAt = (d: number) => pending * Math.min(1, Math.max(0, d - asOfDay) / sdays);
    const curves: Curves = {
      activeSites: new Float64Array(n),
      screened: new Float64Array(n),
      enrolled: new Float64Array(n),
      completedTreatment: new Float64Array(n),
      completedFollowUp: new Float64Array(n),
    };
    for (let d = 0; d < n; d++) {
      if (d <= asOfDay) {
        curves.activeSites[d] = a.activeSites[d]!;
        curves.screened[d] = a.screened[d]!;
        curves.enrolled[d] = a.enrolled[d]!;
        curves.completedTreatment[d] = a.completed[d]!;
      } else {
        curves.activeSites[d] = at(a.activeSites) + Math.max(0, pAt(p?.activeSites, d) - keptAtAsOf);
        curves.screened[d] = at(a.screened) + pAt(p?.screened, d);
        curves.enrolled[d] = at(a.enrolled) + pendingAt(d) + pAt(p?.enrolled, d);
        const ramp = inTreatment * Math.min(1, (d - asOfDay) / td);
        const pendingDone = pendingAt(d - baseline.treatmentDays) * (1 - g.dropOutRate);
        curves.completedTreatment[d] = at(a.completed) + ramp + pendingDone + pAt(p?.completedTreatment, d);
      }
      const back = d - fu;
      curves.completedFollowUp[d] = back >= 0 ? curves.completedTreatment[back]! * (1 - loss) : 0;
    }
    const { milestones, siteMonths } = groupMilestones(g, curves, baseline.screeningDays);
    return { key: g.key, curves, milestones, siteMonths };
  });
  const total: Curves = {
    activeSites: new Float64Array(n),
    screened: new Float64Array(n),
    enrolled: new Float64Array(n),
    completedTreatment: new Float64Array(n),
    completedFollowUp: new Float64Array(n),
  };
  for (const g of groups)
    for (const key of Object.keys(total) as (keyof Curves)[])
      for (let d = 0; d < n; d++) total[key][d]! += g.curves[key][d]!;
  const shown: PreparedPlan = { ...baseline, horizonDays: horizon };
  return {
    horizonDays: horizon,
    groups,
    total,
    milestones: studyMilestones(shown, groups, total),
    screeningStopDay: proj?.screeningStopDay ?? null,
    pauses: proj?.pauses ?? [],
  };
}
