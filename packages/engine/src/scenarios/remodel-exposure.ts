/**
 * Intensity-weighted exposure of the remodel (calibration.md section 2): a site's exposure up to the as-of day is the
 * integral of the plan's relative intensity over its screening days (seasonality x fatigue at the site's age, zero
 * during pauses), so that the expected count is rate x exposure under the model the forecast uses.
 */
import { monthOfEachDay } from '../forecast/grid';
import { agePieces, groupAgeProfile, type AgePiece } from '../model/age-profile';
import type { PreparedGroup, PreparedPause, UncertaintySettings } from '../model/prepared-plan';

/** A closed range of days [from, to] during which nobody is screened. */
export interface PauseWindow {
  from: number;
  to: number;
}

/**
 * The window of a pause "after the N-th patient enrolled, D days" on a cumulative enrolled curve (days 0..end):
 * screening stops from the day after the curve first reaches N, for D days; null when it never reached N.
 */
export function pauseWindowOf(pause: PreparedPause | null, enrolled: Float64Array): PauseWindow | null {
  if (!pause || pause.days <= 0) return null;
  for (let d = 0; d < enrolled.length; d++)
    if (enrolled[d]! >= pause.afterEnrolled - 1e-9) return { from: d + 1, to: d + pause.days };
  return null;
}

/**
 * Per-day weights of a group for days 0..asOfDay: the seasonal multiplier of the day's calendar month, 0 inside a
 * pause window; with their prefix sums (sum of w and of w x (d + 1/2)) so that any site's exposure costs O(1).
 */
export class ExposureWeights {
  private readonly sumW: Float64Array;
  private readonly sumWD: Float64Array;
  private readonly pieces: AgePiece[];
  private readonly delay: number;

  constructor(
    group: PreparedGroup,
    day0Ms: number,
    readonly asOfDay: number,
    pauses: readonly PauseWindow[],
    settings: Pick<UncertaintySettings, 'siteRampUpDays' | 'siteRampUpStart' | 'siteDecayPerYear'> = {},
  ) {
    this.pieces = agePieces(groupAgeProfile(group.fatigue, settings));
    this.delay = Math.max(0, group.firstScreenDelayDays);
    const n = Math.max(0, asOfDay + 1);
    const months = monthOfEachDay(day0Ms, n);
    this.sumW = new Float64Array(n + 1);
    this.sumWD = new Float64Array(n + 1);
    for (let d = 0; d < n; d++) {
      const paused = pauses.some((p) => d >= p.from && d <= p.to);
      const w = paused ? 0 : (group.seasonal[months[d]!] ?? 1);
      this.sumW[d + 1] = this.sumW[d]! + w;
      this.sumWD[d + 1] = this.sumWD[d]! + w * (d + 0.5);
    }
  }

  /** Sums of w and w x (d + 1/2) over whole days [from, to], clamped to [0, asOfDay]. */
  private sums(from: number, to: number): [number, number] {
    const a = Math.max(0, Math.ceil(from));
    const b = Math.min(this.asOfDay, Math.floor(to));
    if (b < a) return [0, 0];
    return [this.sumW[b + 1]! - this.sumW[a]!, this.sumWD[b + 1]! - this.sumWD[a]!];
  }

  /**
   * Exposure (site-days at unit rate) of a site activated on day `activation` over its screening days in
   * [from, to] (from at least its first screening day): sum of w(d) x m(d + 1/2 - activation), m the age profile
   * the forecast uses (fatigue, ramp-up, decay).
   */
  exposure(activation: number, from: number, to: number): number {
    const start = Math.max(from, activation + this.delay);
    let total = 0;
    for (const p of this.pieces) {
      // Day d is in the piece when x0 <= d + 1/2 - activation < x1.
      const d0 = Math.max(start, Math.ceil(activation + p.x0 - 0.5));
      const d1 = Math.min(to, Math.ceil(activation + p.x1 - 0.5) - 1);
      const [w, wd] = this.sums(d0, d1);
      total += p.c0 * w + p.c1 * (wd - activation * w);
    }
    return total;
  }
}
