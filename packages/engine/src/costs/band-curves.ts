import type { Curves } from '../plan-line/types';
import { at, bandAt, inverse } from './band-map';

/** A study-level band of the cumulative enrolled count (e.g. the run's P10), at grid days (end of day). */
export interface EnrolledBand {
  gridDays: readonly number[];
  enrolled: readonly number[];
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
