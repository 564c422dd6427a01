import { quantileRank } from '../forecast/summarize';
import {
  forecastGroup,
  groupMonthTotals,
  sharedMonthGrid,
  type CostForecastInput,
  type ForecastGroupInput,
  type GroupForecast,
} from './forecast-groups';
import { roundCents } from './money';
import { monthEndDays, monthOfDay, type MonthGrid } from './month-grid';
import { lastFlowDay } from './occurrences';
import {
  addFlowTerms,
  flowTerms,
  mapDays,
  readTerms,
  type EnrolledPath,
  type FlowTerms,
  type TermReading,
} from './replication-terms';
import { siteFeeCounts } from './site-fees';
import { SITE_FEE_TYPES } from './types';

/** Study-level cumulative enrolled paths of Monte Carlo replications, at shared grid days (end of day). */
export interface ReplicationPaths {
  gridDays: ArrayLike<number>;
  /** One path per replication, aligned with gridDays (non-decreasing). */
  enrolled: readonly ArrayLike<number>[];
}

/** The plan line and patient flow the replications' enrollment is mapped onto (as bandGroupCurves maps a band). */
export interface CostBandInput extends Omit<CostForecastInput, 'groups'> {
  /** The plan's site groups with their plan-line curves (all of the length of totalEnrolled). */
  groups: ForecastGroupInput[];
  /** The plan line's study-level cumulative enrolled (the sum of the groups' enrolled curves). */
  totalEnrolled: Float64Array;
  screeningDays: number;
  /**
   * The day to which a group without any visit keeps its sites open (the tables' last day, when the band's curves
   * run longer than the tables'); default the end of its curves, as in costForecast.
   */
  idleCloseDay?: number;
}

/** Cumulative total cost (visits + site fees) at the end of one calendar month, integer SOE cents. */
export interface CostBandPoint {
  monthYear: string;
  /** Per-month quantiles over the replications' own cumulative cost: p10 <= p50 <= p90, each non-decreasing. */
  p10: number;
  p50: number;
  p90: number;
  /** The plan line's cumulative cost (the tables' enrollment): its last point is the Cost Summary total. */
  plan: number;
}

interface GroupClose {
  /** Last day the group's plan-line enrolled changes (its last enrollment); -1 when it never enrolls. */
  lastEnrolled: number;
  /** The group's plan-line close day (last patient last visit). */
  closeDay: number;
  forecast: GroupForecast;
  /** Per fee type, the group's money per charge of one average site (sum over rows of weight x fee, SOE cents). */
  feePerCharge: number[];
  /** Cumulative site-fee money per month by close month (a few distinct close months per group). */
  byCloseMonth: Map<number, Float64Array>;
}

/** What the replications share: the month grid, the visit terms and the groups' site fees (built once). */
export interface CostBandModel {
  grid: MonthGrid;
  /** Month-end day per month, clamped to the flows' last day. */
  ends: Int32Array;
  length: number;
  flowLength: number;
  /** The visits' money summed over the groups (SOE cents per occurrence x the occurrence curves). */
  terms: FlowTerms;
  /** Where the terms are read (the month ends), with the spread's prefix sums reused by the next replication. */
  reading: TermReading;
  /** Work array of one replication's enrolled time map, reused by the next. */
  scratch: { enrolled: Float64Array };
  groups: GroupClose[];
  input: CostBandInput;
  /** The plan line's cumulative cost per month (rounded per row and month like the tables). */
  plan: number[];
  planLastDay: number;
}

function lastChangeIndex(curve: Float64Array): number {
  for (let i = curve.length - 1; i > 0; i--) if (curve[i] !== curve[i - 1]) return i;
  return 0;
}

/** The shared part of the replications' cost band: the plan-line forecast and its visit terms summed over groups. */
export function costBandModel(input: CostBandInput): CostBandModel {
  const forecasts = input.groups.map((g) => {
    const f = forecastGroup({ ...input, groups: input.groups }, g);
    const idle = input.idleCloseDay !== undefined && lastFlowDay(f.occurrences) === null;
    return idle ? { ...f, closeDay: input.idleCloseDay! } : f;
  });
  const grid = sharedMonthGrid(input.day0Ms, forecasts);
  const monthly = new Float64Array(grid.labels.length);
  for (const f of forecasts) groupMonthTotals(f, grid).forEach((x, m) => (monthly[m]! += x));
  let running = 0;
  const plan = Array.from(monthly, (x) => (running += x));

  const length = input.totalEnrolled.length;
  const flowLength = forecasts[0]?.occurrences[0]?.length ?? length;
  const terms = flowTerms(length);
  for (const f of forecasts) {
    const share = (r: { weight: number }) => (f.sites > 0 ? r.weight / f.sites : 1);
    // The group's SOE cents per occurrence of each visit (its rows' costs by their share of the patients).
    const costs = f.occurrences.map((_, v) => f.rows.reduce((s, r) => s + share(r) * r.total[v]!, 0));
    addFlowTerms(terms, f.occurrences, costs, f.input.curves);
  }
  const groups = forecasts.map((f): GroupClose => {
    const enrolled = f.input.curves.enrolled;
    const feePerCharge = SITE_FEE_TYPES.map((t) => f.rows.reduce((s, r) => s + r.weight * r.fees[t], 0));
    return {
      lastEnrolled: (enrolled[enrolled.length - 1] ?? 0) > 0 ? lastChangeIndex(enrolled) : -1,
      closeDay: f.closeDay,
      forecast: f,
      feePerCharge,
      byCloseMonth: new Map(),
    };
  });
  const ends = monthEndDays(grid, flowLength - 1);
  return {
    grid,
    ends,
    length,
    flowLength,
    terms,
    reading: {
      total: input.totalEnrolled,
      screeningDays: input.screeningDays,
      treatmentDays: input.treatmentDays,
      flowLength,
      spreadDays: Math.max(1, Math.round(input.treatmentDays)),
      days: ends,
      prefix: new Float64Array(flowLength + 1),
    },
    scratch: { enrolled: new Float64Array(length) },
    groups,
    input,
    plan,
    planLastDay: Math.max(0, ...forecasts.map((f) => f.closeDay)),
  };
}

/** The group's cumulative site-fee money per month with its sites closing in month `close`. */
function feesClosingIn(model: CostBandModel, g: GroupClose, close: number): Float64Array {
  let cum = g.byCloseMonth.get(close);
  if (cum) return cum;
  const months = model.grid.startDays.length;
  const counts = siteFeeCounts(model.grid, g.forecast.activationDays, model.grid.startDays[close]!);
  cum = new Float64Array(months);
  let running = 0;
  for (let m = 0; m < months; m++) {
    SITE_FEE_TYPES.forEach((t, k) => (running += counts[t][m]! * g.feePerCharge[k]!));
    cum[m] = running;
  }
  g.byCloseMonth.set(close, cum);
  return cum;
}

/** First index of a non-decreasing array whose value reaches y (the array's length when none does). */
function firstReaching(a: Float64Array, y: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! >= y) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * One replication's cumulative total cost per month of the model's grid (unrounded SOE cents, non-decreasing) and
 * its last visit day. Its enrolled path is mapped onto the plan line exactly as bandGroupCurves maps a band (day t
 * becomes the plan-line day s(t) at which the plan line's total enrolled reaches the path's count); the visits'
 * money is read from the groups' summed terms at the mapped days. Each group's sites close the same number of days
 * after its last enrollment as on the plan line (its last visit moves with its last enrollment).
 */
export function replicationCost(
  model: CostBandModel,
  path: EnrolledPath,
): { cumulative: Float64Array; lastDay: number } {
  const { length: L, flowLength, input } = model;
  // The time map s at every day for enrolled (the spread and the sites' close day read it all).
  const sE = mapDays(path, input.totalEnrolled, 0, model.scratch.enrolled);
  const months = model.grid.startDays.length;
  const cumulative = new Float64Array(months);
  readTerms(model.terms, model.reading, path, sE, [cumulative]);
  let lastDay = 0;
  const reached = sE[L - 1] ?? 0;
  for (const g of model.groups) {
    let close = g.closeDay;
    if (g.lastEnrolled >= 0) {
      const u = Math.min(L - 1, firstReaching(sE, Math.min(g.lastEnrolled, reached) - 1e-9));
      close = Math.min(flowLength - 1, Math.max(0, g.closeDay + u - g.lastEnrolled));
    }
    lastDay = Math.max(lastDay, close);
    const fees = feesClosingIn(model, g, monthOfDay(model.grid, close));
    for (let m = 0; m < months; m++) cumulative[m]! += fees[m]!;
  }
  // Every part is a non-decreasing sum of non-negative amounts; this only removes floating-point residue.
  for (let m = 1; m < months; m++)
    if (cumulative[m]! < cumulative[m - 1]!) cumulative[m] = cumulative[m - 1]!;
  return { cumulative, lastDay };
}

/**
 * The cumulative cost band by month (design/soe-costing.md section 5): every replication's enrolled path is costed
 * on its own (replicationCost), and each month's P10 / P50 / P90 is the order statistic of rank ceil(p n) of the
 * replications' cumulative costs that month (quantileRank, as the run's own bands). As each replication's cumulative
 * cost is non-decreasing, the quantiles are ordered (P10 <= P50 <= P90) and non-decreasing month by month; each is
 * rounded once to the cent (rounding keeps the order). The points run from the first month with a cost to the last
 * month with a visit in any replication (or on the plan line); `plan` is the plan line's cumulative cost. Without
 * replications the three quantiles are the plan line.
 */
export function costBandByMonth(input: CostBandInput, paths: ReplicationPaths): CostBandPoint[] {
  const model = costBandModel(input);
  const months = model.grid.startDays.length;
  const n = paths.enrolled.length;
  const values = Array.from({ length: months }, () => new Float64Array(n));
  let lastDay = model.planLastDay;
  paths.enrolled.forEach((enrolled, r) => {
    const one = replicationCost(model, { gridDays: paths.gridDays, enrolled });
    lastDay = Math.max(lastDay, one.lastDay);
    for (let m = 0; m < months; m++) values[m]![r] = one.cumulative[m]!;
  });
  const ranks = [10, 50, 90].map((p) => quantileRank(p, n) - 1);
  const last = Math.min(months - 1, monthOfDay(model.grid, lastDay));
  const points: CostBandPoint[] = [];
  for (let m = 0; m <= last; m++) {
    const plan = model.plan[m]!;
    let q = [plan, plan, plan];
    if (n > 0) {
      const sorted = values[m]!.sort();
      q = ranks.map((k) => roundCents(sorted[k]!));
    }
    points.push({ monthYear: model.grid.labels[m]!, p10: q[0]!, p50: q[1]!, p90: q[2]!, plan });
  }
  const first = points.findIndex((p) => p.p90 > 0 || p.plan > 0);
  return first < 0 ? [] : points.slice(first);
}
