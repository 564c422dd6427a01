import type { Curves } from '../plan-line/types';
import { INTERVAL_DAYS, type IntervalType, type SoeCostVisit, type VisitPhase } from './types';

/** A group's patient flow parameters, as the engine uses them (rates are probabilities in [0, 1)). */
export interface OccurrenceParams {
  intervalType: IntervalType;
  /** Days from enrollment to completed treatment (T). */
  treatmentDays: number;
  /** Days from completed treatment to completed follow-up. */
  followUpDays: number;
  screenFailRate: number;
  dropOutRate: number;
  /** Share of patients completing treatment who do not complete follow-up; absent = 0. */
  followUpLossRate?: number;
}

/** Expected occurrences of one visit in one group, cumulative at the end of each day (days since day 0). */
export interface VisitOccurrences {
  visitId: number;
  category: VisitPhase;
  /** Days from the patient's enrollment day to the visit (Day 1 = 0, visitOffsetDays); null for Unscheduled. */
  offsetDays: number | null;
  /** All occurrences, cumulative per day; length = the input curves' length + the longest visit shift. */
  cumulative: Float64Array;
  /** The screen failures' part of `cumulative` (first screening visit only), or null. */
  screenFailures: Float64Array | null;
  /** Share of the enrolled patients' occurrences attended by patients who complete treatment (the rest drop out). */
  completerShare: number;
}

/**
 * Days from the enrollment day (Day 1) to a visit (README "Costs", visit days). Days are clinical ordinals without a
 * Day 0: Day n (n >= 1) is n - 1 days after Day 1 and Day -n is n days before it (Day -1 is the day before Day 1);
 * Day 0, which the SOE rules accept (study day 0 to 9999), is Day 1. Hours, weeks, months and years are elapsed time
 * from Day 1: Week w = 7w days after it (Week 4 = Day 29), Month m = 30.4375m days, Year y = 365.25y days, Hour h =
 * h / 24 days.
 */
export function visitOffsetDays(studyDay: number, intervalType: IntervalType): number {
  if (intervalType !== 'Day') return studyDay * INTERVAL_DAYS[intervalType];
  return studyDay >= 1 ? studyDay - 1 : Math.min(0, studyDay);
}

/** A cumulative daily curve at a real day x, linear between the ends of days, 0 before day 0. */
function cumulativeAt(curve: Float64Array, x: number): number {
  const n = curve.length;
  if (n === 0 || x < -1) return 0;
  if (x >= n - 1) return curve[n - 1]!;
  const i = Math.floor(x);
  const lo = i < 0 ? 0 : curve[i]!;
  return lo + (curve[i + 1]! - lo) * (x - i);
}

/**
 * `curve` delayed by `shift` days and scaled by `factor`, read day by day without building the daily array: a
 * forecast reads each visit's occurrences at month ends only (about 60 reads instead of 2,000+ days per visit and
 * group). x = t - shift has the same fraction for every t, so the interpolation weight is one constant.
 */
interface Shifted {
  curve: Float64Array;
  whole: number;
  frac: number;
  factor: number;
  /** From this day on the value no longer changes (the curve's last change, shifted). */
  settled: number;
}

/** The last index at which a curve changes (0 for a constant or empty one). */
function lastChangeIndex(curve: Float64Array): number {
  for (let i = curve.length - 1; i > 0; i--) if (curve[i] !== curve[i - 1]) return i;
  return 0;
}

function shiftOf(curve: Float64Array, shift: number, factor: number, lastChange: number): Shifted {
  const whole = Math.floor(-shift);
  // For t + whole >= lastChange both interpolation ends equal the final value, so the value is exactly constant.
  return { curve, whole, frac: -shift - whole, factor, settled: lastChange - whole + 1 };
}

function shiftedAt(s: Shifted, t: number): number {
  const n = s.curve.length;
  if (n === 0) return 0;
  const i = t + s.whole;
  let v: number;
  if (i < -1) v = 0;
  else if (i + s.frac >= n - 1) v = s.curve[n - 1]!;
  else {
    const lo = i < 0 ? 0 : s.curve[i]!;
    v = lo + (s.curve[i + 1]! - lo) * s.frac;
  }
  return s.factor * v;
}

/** One expected visit per enrolled patient spread evenly over their T treatment days (from the enrollment day). */
function spreadOverTreatment(enrolled: Float64Array, treatmentDays: number, length: number): Float64Array {
  const T = Math.max(1, Math.round(treatmentDays));
  const prefix = new Float64Array(length + 1); // prefix[t + 1] = sum of enrolled cumulative over days 0..t
  for (let t = 0; t < length; t++) prefix[t + 1] = prefix[t]! + cumulativeAt(enrolled, t);
  const out = new Float64Array(length);
  for (let t = 0; t < length; t++) out[t] = (prefix[t + 1]! - prefix[Math.max(0, t + 1 - T)]!) / T;
  return out;
}

/** The decay exponent of a visit in [0, 1]: how far through a period of `days` it lies. */
const through = (offset: number, days: number) => (days > 0 ? Math.min(1, Math.max(0, offset / days)) : 1);

/** Expected occurrences of one visit in one group, read per day on demand (see visitOccurrences for the model). */
export interface VisitFlow {
  visitId: number;
  category: VisitPhase;
  offsetDays: number | null;
  /** Days covered: the input curves' length + the longest visit shift. */
  length: number;
  /** All occurrences, cumulative at the end of day t (0 <= t < length). */
  at(t: number): number;
  /** The screen failures' part of `at` (first screening visit only), or null. */
  screenFailuresAt: ((t: number) => number) | null;
  /** From this day on `at` no longer changes (an upper bound). */
  settled: number;
  completerShare: number;
  /**
   * What `at` is made of, for readers that re-time the group's curves (the replications' cost band): `at(t)` = the
   * sum over parts of factor x the named curve read `shift` days earlier (linear between days), or for 'spread' the
   * enrolled curve spread over the treatment days.
   */
  parts: FlowPart[];
}

/** One part of a visit flow: a group curve delayed by `shift` days and scaled, or the enrolled spread (Unscheduled). */
export type FlowPart =
  | { curve: 'enrolled' | 'screened' | 'completedTreatment'; shift: number; factor: number }
  | { curve: 'spread'; shift: 0; factor: 1 };

/**
 * Expected visit occurrences of one group (design section 4), as on-demand daily reads: Screening from enrolled
 * patients (day of enrollment + offset) plus screen failures at the first screening visit on their screening day;
 * Treatment with drop-out decay (1 - q)^(offset / T); Follow Up and Close Out from completed treatment with
 * follow-up retention (1 - loss)^((offset - T) / F); Unscheduled one per enrolled patient spread over treatment.
 */
export function visitFlows(
  visits: readonly SoeCostVisit[],
  curves: Curves,
  p: OccurrenceParams,
): VisitFlow[] {
  const T = p.treatmentDays;
  const q = p.dropOutRate;
  const loss = p.followUpLossRate ?? 0;
  const offsets = visits.map((v) =>
    v.category === 'Unscheduled' || v.studyDay === null ? null : visitOffsetDays(v.studyDay, p.intervalType),
  );
  let maxShift = Math.max(T, 0);
  for (const o of offsets) if (o !== null && o > maxShift) maxShift = o;
  const length = curves.enrolled.length + Math.ceil(maxShift) + 1;
  let firstScreening = -1;
  visits.forEach((v, i) => {
    if (v.category !== 'Screening') return;
    if (firstScreening < 0 || (offsets[i] ?? Infinity) < (offsets[firstScreening] ?? Infinity))
      firstScreening = i;
  });
  const changes = new Map<Float64Array, number>();
  const shift = (curve: Float64Array, by: number, factor: number) => {
    let last = changes.get(curve);
    if (last === undefined) changes.set(curve, (last = lastChangeIndex(curve)));
    return shiftOf(curve, by, factor, last);
  };
  // Every Unscheduled visit of the group has the same daily curve: built once.
  let spread: Float64Array | null = null;
  return visits.map((v, i): VisitFlow => {
    const off = offsets[i] ?? null;
    const base = { visitId: v.visitId, category: v.category, offsetDays: off, length };
    const one = (s: Shifted, part: FlowPart, completerShare: number): VisitFlow => ({
      ...base,
      at: (t) => shiftedAt(s, t),
      screenFailuresAt: null,
      settled: Math.min(length, s.settled),
      completerShare,
      parts: [part],
    });
    if (v.category === 'Unscheduled' || off === null) {
      const daily = (spread ??= spreadOverTreatment(curves.enrolled, T, length));
      return {
        ...base,
        at: (t) => daily[t]!,
        screenFailuresAt: null,
        settled: length,
        completerShare: 1 - q,
        parts: [{ curve: 'spread', shift: 0, factor: 1 }],
      };
    }
    if (v.category === 'Follow Up' || v.category === 'Close Out') {
      const retention = (1 - loss) ** through(off - T, p.followUpDays);
      const part = { curve: 'completedTreatment', shift: off - T, factor: retention } as const;
      return one(shift(curves.completedTreatment, off - T, retention), part, 1);
    }
    if (v.category === 'Treatment') {
      const attending = (1 - q) ** through(off, T);
      const part = { curve: 'enrolled', shift: off, factor: attending } as const;
      return one(shift(curves.enrolled, off, attending), part, attending > 0 ? (1 - q) / attending : 1);
    }
    const enrolled = shift(curves.enrolled, off, 1);
    const enrolledPart = { curve: 'enrolled', shift: off, factor: 1 } as const;
    if (i !== firstScreening) return one(enrolled, enrolledPart, 1 - q);
    const failures = shift(curves.screened, 0, p.screenFailRate);
    return {
      ...base,
      at: (t) => shiftedAt(enrolled, t) + shiftedAt(failures, t),
      screenFailuresAt: (t) => shiftedAt(failures, t),
      settled: Math.min(length, Math.max(enrolled.settled, failures.settled)),
      completerShare: 1 - q,
      parts: [enrolledPart, { curve: 'screened', shift: 0, factor: p.screenFailRate }],
    };
  });
}

/**
 * Expected occurrences of one visit in one group per day (visitFlows, as daily arrays). Counts are expected values
 * (not rounded).
 */
export function visitOccurrences(
  visits: readonly SoeCostVisit[],
  curves: Curves,
  p: OccurrenceParams,
): VisitOccurrences[] {
  return visitFlows(visits, curves, p).map((f) => ({
    visitId: f.visitId,
    category: f.category,
    offsetDays: f.offsetDays,
    cumulative: Float64Array.from({ length: f.length }, (_, t) => f.at(t)),
    screenFailures: f.screenFailuresAt
      ? Float64Array.from({ length: f.length }, (_, t) => f.screenFailuresAt!(t))
      : null,
    completerShare: f.completerShare,
  }));
}

/** Last day (since day 0) on which any of the flows rises (the group's last patient last visit), or null. */
export function lastFlowDay(flows: readonly VisitFlow[]): number | null {
  let last: number | null = null;
  for (const f of flows) {
    const eps = 1e-9 * Math.max(1, f.length > 0 ? f.at(f.length - 1) : 0);
    // Nothing rises at or after `settled`: the scan starts there instead of at the end of the days.
    for (let t = Math.min(f.length, f.settled) - 1; t >= 0 && (last === null || t > last); t--) {
      if (f.at(t) - (t > 0 ? f.at(t - 1) : 0) > eps) {
        last = t;
        break;
      }
    }
  }
  return last;
}

/** Last day (since day 0) on which any of the occurrences rises (the group's last patient last visit), or null. */
export function lastVisitDay(occurrences: readonly VisitOccurrences[]): number | null {
  let last: number | null = null;
  for (const o of occurrences) {
    const c = o.cumulative;
    const eps = 1e-9 * Math.max(1, c[c.length - 1] ?? 0);
    for (let t = c.length - 1; t >= 0 && (last === null || t > last); t--) {
      if (c[t]! - (t > 0 ? c[t - 1]! : 0) > eps) {
        last = t;
        break;
      }
    }
  }
  return last;
}
