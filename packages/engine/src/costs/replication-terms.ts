import type { Curves } from '../plan-line/types';
import { at, bandAt, inverse } from './band-map';
import type { FlowPart } from './occurrences';

/** A study-level cumulative enrolled path at grid days (one Monte Carlo replication, or a band). */
export interface EnrolledPath {
  gridDays: ArrayLike<number>;
  enrolled: ArrayLike<number>;
}

type Kind = 'enrolled' | 'screened' | 'completedTreatment';

/** One visit term summed over groups: sum of weight x factor x the group's curve, read `shift` days earlier. */
interface Term {
  kind: Kind;
  whole: number;
  frac: number;
  curve: Float64Array;
  /** Which sum the term adds to (a country of the IP supply; always 0 for the cost band). */
  target: number;
}

/**
 * The visits' occurrence curves of many groups, each weighted (SOE cents or kits per occurrence) and summed per
 * (target, curve, shift): the replications re-time these sums instead of every group's visits.
 */
export interface FlowTerms {
  /** Days of the curves (the plan line's length). */
  length: number;
  terms: Term[];
  /** Per target, the Unscheduled visits' weighted enrolled curve (spread over the treatment days); null if none. */
  spreads: (Float64Array | null)[];
  byKey: Map<string, Term>;
}

/** Empty terms over `length` days for `targets` sums. */
export function flowTerms(length: number, targets = 1): FlowTerms {
  return { length, terms: [], spreads: Array.from({ length: targets }, () => null), byKey: new Map() };
}

/**
 * Adds a group's visit flows to the terms: each part of flow v adds weights[v] x factor x the group's curve (the
 * named one, or the enrolled curve for the spread of Unscheduled visits) to the term of its curve and shift.
 */
export function addFlowTerms(
  into: FlowTerms,
  flows: readonly { parts: readonly FlowPart[] }[],
  weights: readonly number[],
  curves: Curves,
  target = 0,
): void {
  const length = into.length;
  const add = (sum: Float64Array, curve: Float64Array, w: number) => {
    if (w === 0) return;
    const n = curve.length;
    for (let t = 0; t < length; t++) sum[t]! += w * (t < n ? curve[t]! : (curve[n - 1] ?? 0));
  };
  flows.forEach((o, v) => {
    const weight = weights[v]!;
    for (const part of o.parts) {
      const w = weight * part.factor;
      if (part.curve === 'spread') {
        add((into.spreads[target] ??= new Float64Array(length)), curves.enrolled, w);
        continue;
      }
      const key = `${target}:${part.curve}:${part.shift}`;
      let term = into.byKey.get(key);
      if (!term) {
        const whole = Math.floor(-part.shift);
        term = {
          kind: part.curve,
          whole,
          frac: -part.shift - whole,
          curve: new Float64Array(length),
          target,
        };
        into.byKey.set(key, term);
        into.terms.push(term);
      }
      add(term.curve, curves[part.curve], w);
    }
  });
}

/**
 * s(u + offset) - offset for u = 0..length-1, s(x) = inverse(total, bandAt(path, x)) (band-map.ts), in one pass:
 * x and the band's count only grow with u, so both searches walk forward instead of bisecting (the same values).
 */
export function mapDays(
  path: EnrolledPath,
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

/** How a replication's path is mapped onto the plan line and where its terms are read. */
export interface TermReading {
  /** The plan line's study-level cumulative enrolled (the time map's target). */
  total: Float64Array;
  screeningDays: number;
  treatmentDays: number;
  /** Days the visit flows cover (the prefix sums of the spread run over them). */
  flowLength: number;
  /** Treatment days over which an Unscheduled visit is spread (at least 1). */
  spreadDays: number;
  /** The days at which the sums are read (each at most flowLength - 1), e.g. month ends. */
  days: Int32Array;
  /** Work array of the spread's prefix sums (flowLength + 1), reused by the next replication. */
  prefix: Float64Array;
}

/**
 * Adds each term of one replication, read at `reading.days`, to out[term.target][k] (k = the index of the day). The
 * replication's path is mapped onto the plan line as bandGroupCurves maps a band: `sE` is the time map of the
 * enrolled curve at every day (mapDays, offset 0); screened and completed-treatment terms are mapped at the days
 * they read (the same values, band-map.ts). A term's value at day t is its summed curve at the mapped day of
 * t - shift (visitFlows' reading); the spread is one visit per enrolled patient over the treatment days.
 */
export function readTerms(
  flows: FlowTerms,
  reading: TermReading,
  path: EnrolledPath,
  sE: Float64Array,
  out: Float64Array[],
): void {
  const L = flows.length;
  const { total, days, flowLength } = reading;
  const D = reading.screeningDays;
  const T = reading.treatmentDays;
  const sAt: Record<Kind, (u: number) => number> = {
    enrolled: (u) => sE[u]!,
    screened: (u) => inverse(total, bandAt(path, u + D)) - D,
    completedTreatment: (u) => inverse(total, bandAt(path, u - T)) + T,
  };
  const n = days.length;
  for (const term of flows.terms) {
    const sk = sAt[term.kind];
    const mapped = (u: number) => at(term.curve, sk(u));
    const final = mapped(L - 1);
    const sum = out[term.target]!;
    for (let k = 0; k < n; k++) {
      // The visit flow at the day: the mapped curve read `shift` days earlier (visitFlows' reading).
      const i = days[k]! + term.whole;
      let v: number;
      if (i < -1) v = 0;
      else if (i + term.frac >= L - 1) v = final;
      else {
        const lo = i < 0 ? 0 : mapped(i);
        v = lo + (mapped(i + 1) - lo) * term.frac;
      }
      sum[k]! += v;
    }
  }
  flows.spreads.forEach((spread, target) => {
    if (!spread) return;
    // One visit per enrolled patient over the treatment days from the enrollment day (visitFlows' spread).
    const Ts = reading.spreadDays;
    const prefix = reading.prefix;
    const sum = out[target]!;
    for (let t = 0; t < flowLength; t++) prefix[t + 1] = prefix[t]! + at(spread, sE[Math.min(t, L - 1)]!);
    for (let k = 0; k < n; k++) {
      const t = days[k]!;
      sum[k]! += (prefix[t + 1]! - prefix[Math.max(0, t + 1 - Ts)]!) / Ts;
    }
  });
}
