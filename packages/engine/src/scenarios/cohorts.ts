import { COHORT_ACTIVITIES, type CohortRow } from '../input/schema-plan';
import type { PreparedPlan } from '../model/prepared-plan';
import { MAX_HORIZON_DAYS } from '../prepare/prepare-plan';
import { MS_PER_DAY } from '../time';
import { earliestFps, networkIntensity, type NetworkIntensity } from './cohort-network';

export { earliestFps, networkIntensity, type NetworkIntensity } from './cohort-network';
export { cohortPlanLine } from './cohort-plan-line';

/** Phases of a sequential cohort, in the order they run (spec/1 section 4): the activities a successor may follow. */
export const COHORT_PHASES = COHORT_ACTIVITIES;
export type CohortPhase = (typeof COHORT_PHASES)[number];

/**
 * One cohort row with the dates the engine fills in (spec/1 section 3, sequential cohort row). Days are days since
 * day 0, dates YYYY-MM-DD (UTC); null when the chain does not reach the cohort within 15 years.
 */
export interface CohortScheduleRow {
  cohortName: string;
  predecessorCohortName: string | null;
  predecessorActivity: CohortPhase | null;
  /** Patients the cohort enrolls. */
  patients: number;
  lagDays: number;
  cohortStartDay: number | null;
  cohortStartDate: string | null;
  screeningDurationDays: number;
  screeningEndDay: number | null;
  screeningEndDate: string | null;
  /** Computed: the days the site network needs to screen the cohort's patients (from the cohort start). */
  enrollingDurationDays: number | null;
  enrollingEndDay: number | null;
  enrollingEndDate: string | null;
  dtlDurationDays: number;
  dtlEndDay: number | null;
  dtlEndDate: string | null;
  srcDurationDays: number;
  srcEndDay: number | null;
  srcEndDate: string | null;
}

/** Expected daily flows of one cohort on the plan line (index = days since day 0, length horizonDays + 1). */
export interface CohortFlows {
  /** Patients screened per day for this cohort. */
  screened: Float64Array;
  /** Patients screened per day who will pass screening (enrolled `screeningDurationDays` later). */
  passing: Float64Array;
  /** Patients screened per day who will pass screening and complete treatment. */
  completing: Float64Array;
  /** Share of the network's capacity the cohort takes per day (0..1; every group screens at that share). */
  share: Float64Array;
  /** Shift from screening to enrollment (the cohort's screening duration), days. */
  enrollShift: number;
}

export interface CohortChain {
  rows: CohortScheduleRow[];
  flows: CohortFlows[];
  /** Activated sites of the whole network at the end of each day. */
  activeSites: Float64Array;
  /** The network's full-capacity flows (per group too), for the cohort plan line. */
  network: NetworkIntensity;
  /** Earliest FPS across site groups (the first cohort's start), or null when no group has a site. */
  firstScreeningDay: number | null;
  horizonDays: number;
}

/** YYYY-MM-DD (UTC) of a day since day 0 (spec/1 section 7: cohort rows carry dates as YYYY-MM-DD). */
export function isoDate(day0Ms: number, day: number): string {
  return new Date(day0Ms + day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** True for sequential cohort plans (Cohort (D) with at least one cohort row). */
export function isSequentialCohortPlan(plan: {
  studyPlanTypeDetail?: string | null;
  cohorts?: CohortRow[] | null;
}): boolean {
  return plan.studyPlanTypeDetail === 'Cohort (D)' && (plan.cohorts?.length ?? 0) > 0;
}

/** Cohorts in chain order: the first cohort, then each cohort after its predecessor (stable by row order). */
export function chainOrder(rows: readonly CohortRow[]): number[] {
  const index = new Map(rows.map((r, k) => [r.cohortName, k]));
  const done = new Set<number>();
  const order: number[] = [];
  const visit = (k: number, depth: number) => {
    if (done.has(k) || depth > rows.length) return;
    const pred = rows[k]!.predecessorCohortName;
    const p = pred ? index.get(pred) : undefined;
    if (p !== undefined && p !== k) visit(p, depth + 1);
    if (!done.has(k)) {
      done.add(k);
      order.push(k);
    }
  };
  rows.forEach((_, k) => visit(k, 0));
  return order;
}

/** A cohort's schedule row before the chain is walked: its inputs, no days or dates yet. */
function emptyScheduleRow(c: CohortRow): CohortScheduleRow {
  return {
    cohortName: c.cohortName,
    predecessorCohortName: c.predecessorCohortName ?? null,
    predecessorActivity: c.predecessorActivity ?? null,
    patients: c.patients,
    lagDays: c.lagDays,
    cohortStartDay: null,
    cohortStartDate: null,
    screeningDurationDays: c.screeningDurationDays,
    screeningEndDay: null,
    screeningEndDate: null,
    enrollingDurationDays: null,
    enrollingEndDay: null,
    enrollingEndDate: null,
    dtlDurationDays: c.dtlDurationDays,
    dtlEndDay: null,
    dtlEndDate: null,
    srcDurationDays: c.srcDurationDays,
    srcEndDay: null,
    srcEndDate: null,
  };
}

/**
 * Accrual: takes the network's free capacity (`free`, a share per day) from day `start` until `patients` would
 * enroll, into the cohort's flows. Returns what is still needed (> 0 when the horizon ends first) and the last day
 * taken from.
 */
function accrue(
  net: ReturnType<typeof networkIntensity>,
  free: Float64Array,
  f: CohortFlows,
  start: number,
  patients: number,
): { need: number; last: number } {
  const n = free.length;
  let need = patients;
  let last = start;
  for (let d = start; d < n && need > 1e-9; d++) {
    const avail = net.passing[d]! * free[d]!;
    if (avail <= 0) continue;
    const share = avail >= need ? (need / avail) * free[d]! : free[d]!;
    free[d]! -= share;
    f.share[d] = share;
    f.screened[d] = net.screened[d]! * share;
    f.passing[d] = net.passing[d]! * share;
    f.completing[d] = net.completing[d]! * share;
    need -= f.passing[d]!;
    last = d;
  }
  return { need, last };
}

/**
 * Sequential cohort chain on the plan line (simulation model section 6, spec/1 section 4). The first cohort starts
 * at the earliest FPS across countries; a later cohort starts at its predecessor's chosen phase end + lagDays.
 * Phases run in order: screening (`screeningDurationDays`, fixed: the first patients screened at the start enroll
 * at its end), enrolling (computed: the whole site network screens, from the cohort start, the patients needed
 * for `patients` enrolled; each enrolls `screeningDurationDays` after screening, so enrolling ends on the last
 * enrollment), then DTL and SRC of fixed durations. The network's capacity is shared: where cohorts overlap, the
 * cohort earlier in the chain takes what it needs first. The last screening day is scaled so the cohort lands
 * exactly on `patients`. Rows come back in input order. Assumes the schema's cohort rules passed.
 */
export function cohortChain(cohorts: CohortRow[], prepared: PreparedPlan): CohortChain {
  const H = MAX_HORIZON_DAYS;
  const n = H + 1;
  const net = networkIntensity(prepared, H);
  const free = new Float64Array(n).fill(1);
  const start0 = earliestFps(prepared);
  const rows = cohorts.map(emptyScheduleRow);
  const flows: CohortFlows[] = cohorts.map((c) => ({
    screened: new Float64Array(n),
    passing: new Float64Array(n),
    completing: new Float64Array(n),
    share: new Float64Array(n),
    enrollShift: c.screeningDurationDays,
  }));
  const index = new Map(cohorts.map((c, k) => [c.cohortName, k]));
  const phaseEnd = (r: CohortScheduleRow, phase: CohortPhase): number | null =>
    ({ Screening: r.screeningEndDay, Enrolling: r.enrollingEndDay, DTL: r.dtlEndDay, SRC: r.srcEndDay })[
      phase
    ];

  for (const k of chainOrder(cohorts)) {
    const row = rows[k]!;
    const pred = row.predecessorCohortName ? index.get(row.predecessorCohortName) : undefined;
    let start: number | null;
    if (pred === undefined) start = start0;
    else {
      const end = phaseEnd(rows[pred]!, row.predecessorActivity ?? 'SRC');
      start = end === null ? null : end + row.lagDays;
    }
    if (start === null || start > H) continue;
    const { need, last } = accrue(net, free, flows[k]!, start, row.patients);
    row.cohortStartDay = start;
    row.screeningEndDay = start + row.screeningDurationDays;
    if (need > 1e-6) continue; // not reached within the horizon
    row.enrollingDurationDays = last - start;
    row.enrollingEndDay = row.screeningEndDay + row.enrollingDurationDays;
    row.dtlEndDay = row.enrollingEndDay + row.dtlDurationDays;
    row.srcEndDay = row.dtlEndDay + row.srcDurationDays;
  }
  for (const r of rows) {
    const date = (d: number | null) => (d === null ? null : isoDate(prepared.day0Ms, d));
    r.cohortStartDate = date(r.cohortStartDay);
    r.screeningEndDate = date(r.screeningEndDay);
    r.enrollingEndDate = date(r.enrollingEndDay);
    r.dtlEndDate = date(r.dtlEndDay);
    r.srcEndDate = date(r.srcEndDay);
  }
  return {
    rows,
    flows,
    activeSites: net.activeSites,
    network: net,
    firstScreeningDay: start0,
    horizonDays: H,
  };
}
