import type { Curves } from '../plan-line/types';

/** A study-level band of the cumulative enrolled count (e.g. the run's P10), at grid days (end of day). */
export interface EnrolledBand {
  gridDays: readonly number[];
  enrolled: readonly number[];
}

/** A cumulative daily curve at a real day x, linear within each day, 0 before day 0. */
function at(curve: ArrayLike<number>, x: number): number {
  const n = curve.length;
  if (n === 0 || x < -1) return 0;
  if (x >= n - 1) return curve[n - 1]!;
  const i = Math.floor(x);
  const lo = i < 0 ? 0 : curve[i]!;
  return lo + (curve[i + 1]! - lo) * (x - i);
}

/** The band at day t, linear between grid days, 0 before day 0 and its last value after the last grid day. */
function bandAt(band: EnrolledBand, t: number): number {
  const g = band.gridDays;
  if (g.length === 0 || t < 0) return 0;
  if (t <= g[0]!) return g[0]! <= 0 ? band.enrolled[0]! : (band.enrolled[0]! * (t + 1)) / (g[0]! + 1);
  if (t >= g[g.length - 1]!) return band.enrolled[g.length - 1]!;
  let lo = 0;
  let hi = g.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (g[mid]! <= t) lo = mid;
    else hi = mid;
  }
  const w = (t - g[lo]!) / (g[hi]! - g[lo]!);
  return band.enrolled[lo]! + (band.enrolled[hi]! - band.enrolled[lo]!) * w;
}

/** The real day at which a cumulative curve first reaches y (linear within days); y <= 0 gives its last zero day. */
function inverse(curve: Float64Array, y: number): number {
  const n = curve.length;
  const target = Math.min(Math.max(y, 0), curve[n - 1] ?? 0);
  let lo = 0;
  let hi = n - 1;
  const zero = target <= 0;
  // First day whose value exceeds 0 (zero) or reaches the target.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (zero ? curve[mid]! > 0 : curve[mid]! >= target) hi = mid;
    else lo = mid + 1;
  }
  if (zero) return lo - 1;
  const prev = lo > 0 ? curve[lo - 1]! : 0;
  return lo - 1 + (curve[lo]! > prev ? (target - prev) / (curve[lo]! - prev) : 1);
}

/**
 * Per-group curves that follow a study-level enrolled band (design section 5, the P10-P90 cost band): day t of the
 * band maps to the plan-line day s(t) at which the plan line's total enrolled reaches the band's count; each group's
 * enrolled is its plan-line curve at s(t), screened at s(t + screening) - screening, completed treatment at
 * s(t - T) + T, completed follow-up at s(t - T - F) + T + F. Site activations stay as planned. Groups keep their
 * shares; later band enrollment moves every group later. `total` is the plan line's total enrolled curve.
 */
export function bandGroupCurves(
  groups: readonly Curves[],
  total: Float64Array,
  band: EnrolledBand,
  days: { screeningDays: number; treatmentDays: number; followUpDays: number },
): Curves[] {
  const length = total.length;
  const s = (t: number) => inverse(total, bandAt(band, t));
  const D = days.screeningDays;
  const T = days.treatmentDays;
  const TF = T + days.followUpDays;
  const map = (from: (t: number) => number) => Float64Array.from({ length }, (_, t) => from(t));
  const sEnrolled = map((t) => s(t));
  const sScreened = map((t) => s(t + D) - D);
  const sTreated = map((t) => s(t - T) + T);
  const sFollowed = map((t) => s(t - TF) + TF);
  return groups.map((c) => ({
    activeSites: c.activeSites,
    screened: map((t) => at(c.screened, sScreened[t]!)),
    enrolled: map((t) => at(c.enrolled, sEnrolled[t]!)),
    completedTreatment: map((t) => at(c.completedTreatment, sTreated[t]!)),
    completedFollowUp: map((t) => at(c.completedFollowUp, sFollowed[t]!)),
  }));
}
