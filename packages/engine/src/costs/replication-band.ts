import { quantileRank } from '../forecast/summarize';
import { at, bandAt, inverse } from './band-map';
import {
  forecastGroup,
  groupMonthTotals,
  sharedMonthGrid,
  type CostForecastInput,
  type ForecastGroupInput,
  type GroupForecast,
} from './forecast-groups';
import { roundCents } from './money';
import { monthOfDay, type MonthGrid } from './month-grid';
import { lastFlowDay } from './occurrences';
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

type Kind = 'enrolled' | 'screened' | 'completedTreatment';

/** One visit term summed over the groups: sum of cost x factor x the group's curve, read `shift` days earlier. */
interface Term {
  kind: Kind;
  whole: number;
  frac: number;
  curve: Float64Array;
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
  terms: Term[];
  /** Work arrays of one replication (its enrolled time map and the spread's prefix sums), reused by the next. */
  scratch: { enrolled: Float64Array; prefix: Float64Array };
  /** Unscheduled visits summed over the groups (cost x enrolled), spread over the treatment days; null if none. */
  spread: Float64Array | null;
  spreadDays: number;
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
  const terms = new Map<string, Term>();
  let spread: Float64Array | null = null;
  const add = (target: Float64Array, curve: Float64Array, w: number) => {
    if (w === 0) return;
    const n = curve.length;
    for (let t = 0; t < length; t++) target[t]! += w * (t < n ? curve[t]! : (curve[n - 1] ?? 0));
  };
  for (const f of forecasts) {
    const share = (r: { weight: number }) => (f.sites > 0 ? r.weight / f.sites : 1);
    f.occurrences.forEach((o, v) => {
      // The group's SOE cents per occurrence of the visit (its rows' costs by their share of the patients).
      const cost = f.rows.reduce((s, r) => s + share(r) * r.total[v]!, 0);
      for (const part of o.parts) {
        const w = cost * part.factor;
        if (part.curve === 'spread') {
          add((spread ??= new Float64Array(length)), f.input.curves.enrolled, w);
          continue;
        }
        const key = `${part.curve}:${part.shift}`;
        let term = terms.get(key);
        if (!term) {
          const whole = Math.floor(-part.shift);
          term = { kind: part.curve, whole, frac: -part.shift - whole, curve: new Float64Array(length) };
          terms.set(key, term);
        }
        add(term.curve, f.input.curves[part.curve], w);
      }
    });
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
  const months = grid.startDays.length;
  const ends = Int32Array.from({ length: months }, (_, m) =>
    Math.min(m + 1 < months ? grid.startDays[m + 1]! - 1 : flowLength - 1, flowLength - 1),
  );
  return {
    grid,
    ends,
    length,
    flowLength,
    terms: [...terms.values()],
    scratch: {
      enrolled: new Float64Array(length),
      prefix: new Float64Array(flowLength + 1),
    },
    spread,
    spreadDays: Math.max(1, Math.round(input.treatmentDays)),
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

/**
 * s(u + offset) - offset for u = 0..length-1, s(x) = inverse(total, bandAt(path, x)) (band-map.ts), in one pass:
 * x and the band's count only grow with u, so both searches walk forward instead of bisecting (the same values).
 */
function mapDays(
  path: { gridDays: ArrayLike<number>; enrolled: ArrayLike<number> },
  total: Float64Array,
  offset: number,
  out: Float64Array,
): Float64Array {
  const length = out.length;
  const g = path.gridDays;
  const e = path.enrolled;
  const nG = g.length;
  const n = total.length;
  const final = total[n - 1] ?? 0;
  let firstPositive = 0;
  while (firstPositive < n && !(total[firstPositive]! > 0)) firstPositive++;
  // Grid days 0, 1, 2, ... (the server's daily paths): day x is between e[floor(x)] and the next value.
  const daily = nG > 0 && g[0] === 0 && g[nG - 1] === nG - 1;
  let j = 0; // g[j] <= x < g[j + 1] while inside the grid
  let lo = 0; // the first index of total reaching the last target
  for (let u = 0; u < length; u++) {
    const x = u + offset;
    // bandAt(path, x)
    let y: number;
    if (nG === 0 || x < 0) y = 0;
    else if (daily && x < nG - 1) {
      const i = Math.floor(x);
      y = e[i]! + (e[i + 1]! - e[i]!) * (x - i);
    } else if (x <= g[0]!) y = g[0]! <= 0 ? e[0]! : (e[0]! * (x + 1)) / (g[0]! + 1);
    else if (x >= g[nG - 1]!) y = e[nG - 1]!;
    else {
      while (g[j + 1]! <= x) j++;
      const w = (x - g[j]!) / (g[j + 1]! - g[j]!);
      y = e[j]! + (e[j + 1]! - e[j]!) * w;
    }
    // inverse(total, y)
    const target = Math.min(Math.max(y, 0), final);
    let v: number;
    if (target <= 0) v = firstPositive - 1;
    else {
      while (lo > 0 && total[lo - 1]! >= target) lo--; // only for a path that is not non-decreasing
      while (lo < n - 1 && total[lo]! < target) lo++;
      const prev = lo > 0 ? total[lo - 1]! : 0;
      v = lo - 1 + (total[lo]! > prev ? (target - prev) / (total[lo]! - prev) : 1);
    }
    out[u] = v - offset;
  }
  return out;
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
  path: { gridDays: ArrayLike<number>; enrolled: ArrayLike<number> },
): { cumulative: Float64Array; lastDay: number } {
  const { length: L, flowLength, input } = model;
  const total = input.totalEnrolled;
  const D = input.screeningDays;
  const T = input.treatmentDays;
  // The time map s at every day for enrolled (the spread and the sites' close day read it all); the other kinds are
  // read at two days per month and term only, so they are mapped there (the same values, band-map.ts).
  const sE = mapDays(path, total, 0, model.scratch.enrolled);
  const sAt: Record<Kind, (u: number) => number> = {
    enrolled: (u) => sE[u]!,
    screened: (u) => inverse(total, bandAt(path, u + D)) - D,
    completedTreatment: (u) => inverse(total, bandAt(path, u - T)) + T,
  };
  const months = model.grid.startDays.length;
  const cumulative = new Float64Array(months);
  for (const term of model.terms) {
    const sk = sAt[term.kind];
    const mapped = (u: number) => at(term.curve, sk(u));
    const final = mapped(L - 1);
    for (let m = 0; m < months; m++) {
      // The visit flow at the month's last day: the mapped curve read `shift` days earlier (visitFlows' reading).
      const i = model.ends[m]! + term.whole;
      let v: number;
      if (i < -1) v = 0;
      else if (i + term.frac >= L - 1) v = final;
      else {
        const lo = i < 0 ? 0 : mapped(i);
        v = lo + (mapped(i + 1) - lo) * term.frac;
      }
      cumulative[m]! += v;
    }
  }
  if (model.spread) {
    // One visit per enrolled patient over the T treatment days from the enrollment day (visitFlows' spread).
    const spread = model.spread;
    const Ts = model.spreadDays;
    const prefix = model.scratch.prefix;
    for (let t = 0; t < flowLength; t++) prefix[t + 1] = prefix[t]! + at(spread, sE[Math.min(t, L - 1)]!);
    for (let m = 0; m < months; m++) {
      const t = model.ends[m]!;
      cumulative[m]! += (prefix[t + 1]! - prefix[Math.max(0, t + 1 - Ts)]!) / Ts;
    }
  }
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
