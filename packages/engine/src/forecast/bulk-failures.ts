/**
 * Screen failures of a bulk replication (bulk-walk.ts), drawn after its walk over the passing patients: by Poisson
 * splitting they are a Poisson process with intensity (1 - q) lambda over open screening, independent of the
 * passing patients.
 */
import type { Xoshiro128 } from '../rng/xoshiro';
import { EXP_KE, EXP_WE, exponentialSlowPath, zigguratExponential } from '../rng/ziggurat';
import type { CompiledPlan } from './compile';
import type { WalkResult } from './walk-common';

/** Cumulative screened intensity at time t (days) from the per-day table cum (constant intensity within a day). */
function cumulativeAt(cum: Float64Array, t: number): number {
  const f = Math.floor(t);
  const c = cum[f]!;
  return t > f ? c + (t - f) * (cum[f + 1]! - c) : c;
}

/**
 * Screen failures of a bulk replication (one class, pass probability q), added to the cumulative screened counts
 * at cnt[sOff..]; returns the first screened time (the first failure's when it comes before fps, the first passing
 * patient's time).
 *
 * Method (exact in distribution): the failures are the points of a unit-rate Poisson process in the coordinate
 * "open screened intensity" O(t) = cumulative intensity over [0, min(t, end)) minus the part inside the study pause
 * window, scaled by 1 - q: cumulative Exp(1) / (1 - q) gaps, one draw per failure (about 500 per W2 replication),
 * counted below O at each grid day's end. The counts per grid interval are then independent Poisson with mean
 * (1 - q) x the interval's open intensity, and the first point is the first failure, so fps is consistent with the
 * counts (the earlier version drew one Poisson count per interval, about 250 draws by inversion costing about 10
 * divisions each, and the first failure separately). Before the first passing patient no pause has started, so
 * there O is the cumulative intensity itself.
 */
export function bulkFailures(
  rng: Xoshiro128,
  cp: CompiledPlan,
  cum: Float64Array,
  q: number,
  end: number,
  windowStart: number,
  windowEnd: number,
  firstE: number,
  fps: number,
  cnt: Uint16Array | Uint32Array,
  sOff: number,
  countCap: number,
  walk: WalkResult,
): number {
  const gap = 1 / (1 - q);
  const grid = cp.grid;
  const G = grid.length;
  // The pause window clipped to open screening [0, end), and its intensity (removed from O after it).
  const w0 = Math.min(windowStart, end);
  const w1 = Math.min(windowEnd, end);
  const cumW0 = w1 > w0 ? cumulativeAt(cum, w0) : 0;
  const windowMass = w1 > w0 ? cumulativeAt(cum, w1) - cumW0 : 0;
  const first = zigguratExponential(rng) * gap;
  let x = first; // the next failure's coordinate O
  let failures = 0;
  // xoshiro128** and the exponential ziggurat's fast path inline, as in bulk-walk.ts (the same draws).
  const state = rng.state;
  let S0 = state[0]!;
  let S1 = state[1]!;
  let S2 = state[2]!;
  let S3 = state[3]!;
  let settledAt = G - 1; // from here on every grid day has all the failures (settled.ts)
  for (let j = 0; j < G; j++) {
    const stop = Math.min(grid[j]! + 1, end);
    let open = stop > 0 ? cumulativeAt(cum, stop) : 0;
    if (stop > w0 && w1 > w0) open = stop < w1 ? cumW0 : open - windowMass;
    while (x < open) {
      failures++;
      const x0 = S0;
      const x1 = S1;
      const x2 = S2 ^ x0;
      const x3 = S3 ^ x1;
      const m = Math.imul(x1, 5);
      const jz = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
      S1 = x1 ^ x2;
      S0 = x0 ^ x3;
      S2 = x2 ^ (x1 << 9);
      S3 = (x3 << 11) | (x3 >>> 21);
      const iz = jz >>> 24;
      const u = jz & 0xffffff;
      if (u < EXP_KE[iz]!) x += u * EXP_WE[iz]! * gap;
      else {
        state[0] = S0;
        state[1] = S1;
        state[2] = S2;
        state[3] = S3;
        x += exponentialSlowPath(rng, jz) * gap;
        S0 = state[0]!;
        S1 = state[1]!;
        S2 = state[2]!;
        S3 = state[3]!;
      }
    }
    const v = cnt[sOff + j]! + failures;
    cnt[sOff + j] = v < countCap ? v : countCap;
    if (stop === end) {
      // Screening has ended: the later grid days (about half of them in W2) just add the same failures. From the
      // walk's tail on (walk.tailS) they all held the walk's final count, so they get one value.
      const tail = Math.max(j + 1, Math.min(walk.tailS, G));
      for (let k = j + 1; k < tail; k++) {
        const w = cnt[sOff + k]! + failures;
        cnt[sOff + k] = w < countCap ? w : countCap;
      }
      if (tail < G) {
        const w = cnt[sOff + tail]! + failures;
        cnt.fill(w < countCap ? w : countCap, sOff + tail, sOff + G);
      }
      settledAt = j;
      break;
    }
  }
  if (settledAt > walk.tailS) walk.tailS = settledAt;
  state[0] = S0;
  state[1] = S1;
  state[2] = S2;
  state[3] = S3;
  // The first failure's time, when it is the first screened patient (within open screening).
  if (first < Math.min(firstE, cumulativeAt(cum, end))) {
    let f = 0;
    while (cum[f + 1]! <= first) f++;
    const t = f + (first - cum[f]!) / (cum[f + 1]! - cum[f]!);
    if (t < fps) return t;
  }
  return fps;
}
