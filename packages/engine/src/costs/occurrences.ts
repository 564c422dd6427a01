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
  /** Days from the patient's enrollment day to the visit (Day 1 = 0); null for Unscheduled. */
  offsetDays: number | null;
  /** All occurrences, cumulative per day; length = the input curves' length + the longest visit shift. */
  cumulative: Float64Array;
  /** The screen failures' part of `cumulative` (first screening visit only), or null. */
  screenFailures: Float64Array | null;
  /** Share of the enrolled patients' occurrences attended by patients who complete treatment (the rest drop out). */
  completerShare: number;
}

/** Days from the enrollment day to a visit: visitStudyDay x the interval's days - 1, so that Day 1 is enrollment. */
export function visitOffsetDays(studyDay: number, intervalType: IntervalType): number {
  return studyDay * INTERVAL_DAYS[intervalType] - 1;
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

/** `curve` delayed by `shift` days and scaled by `factor`, over `length` days. */
function shifted(curve: Float64Array, shift: number, factor: number, length: number): Float64Array {
  const out = new Float64Array(length);
  const n = curve.length;
  if (n === 0) return out;
  // x = t - shift has the same fraction for every t: the interpolation weight is one constant (the tight loop
  // below equals cumulativeAt(curve, t - shift) day by day; SOE forecasts call this for every visit and group).
  const whole = Math.floor(-shift);
  const frac = -shift - whole;
  const last = curve[n - 1]!;
  for (let t = 0; t < length; t++) {
    const i = t + whole;
    let v: number;
    if (i < -1) v = 0;
    else if (i + frac >= n - 1) v = last;
    else {
      const lo = i < 0 ? 0 : curve[i]!;
      v = lo + (curve[i + 1]! - lo) * frac;
    }
    out[t] = factor * v;
  }
  return out;
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

/**
 * Expected visit occurrences of one group per day (design section 4): Screening from enrolled patients (day of
 * enrollment + offset) plus screen failures at the first screening visit on their screening day; Treatment with
 * drop-out decay (1 - q)^(offset / T); Follow Up and Close Out from completed treatment with follow-up retention
 * (1 - loss)^((offset - T) / F); Unscheduled one per enrolled patient spread over treatment. Counts are expected
 * values (not rounded).
 */
export function visitOccurrences(
  visits: readonly SoeCostVisit[],
  curves: Curves,
  p: OccurrenceParams,
): VisitOccurrences[] {
  const T = p.treatmentDays;
  const q = p.dropOutRate;
  const loss = p.followUpLossRate ?? 0;
  const offsets = visits.map((v) =>
    v.category === 'Unscheduled' || v.studyDay === null ? null : visitOffsetDays(v.studyDay, p.intervalType),
  );
  const maxShift = Math.max(T, 0, ...offsets.map((o) => o ?? 0));
  const length = curves.enrolled.length + Math.ceil(maxShift) + 1;
  let firstScreening = -1;
  visits.forEach((v, i) => {
    if (v.category !== 'Screening') return;
    if (firstScreening < 0 || (offsets[i] ?? Infinity) < (offsets[firstScreening] ?? Infinity))
      firstScreening = i;
  });
  return visits.map((v, i): VisitOccurrences => {
    const off = offsets[i] ?? null;
    const base = { visitId: v.visitId, category: v.category, offsetDays: off };
    if (v.category === 'Unscheduled' || off === null) {
      return {
        ...base,
        cumulative: spreadOverTreatment(curves.enrolled, T, length),
        screenFailures: null,
        completerShare: 1 - q,
      };
    }
    if (v.category === 'Follow Up' || v.category === 'Close Out') {
      const retention = (1 - loss) ** through(off - T, p.followUpDays);
      const cumulative = shifted(curves.completedTreatment, off - T, retention, length);
      return { ...base, cumulative, screenFailures: null, completerShare: 1 };
    }
    if (v.category === 'Treatment') {
      const attending = (1 - q) ** through(off, T);
      const cumulative = shifted(curves.enrolled, off, attending, length);
      return {
        ...base,
        cumulative,
        screenFailures: null,
        completerShare: attending > 0 ? (1 - q) / attending : 1,
      };
    }
    const cumulative = shifted(curves.enrolled, off, 1, length);
    if (i !== firstScreening) return { ...base, cumulative, screenFailures: null, completerShare: 1 - q };
    const screenFailures = shifted(curves.screened, 0, p.screenFailRate, length);
    for (let t = 0; t < length; t++) cumulative[t]! += screenFailures[t]!;
    return { ...base, cumulative, screenFailures, completerShare: 1 - q };
  });
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
