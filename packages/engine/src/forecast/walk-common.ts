/** Pieces shared by the arrival walks of a replication (walk.ts, bulk-walk.ts) and replicate.ts. */
import type { Xoshiro128 } from '../rng/xoshiro';
import { zigguratExponential } from '../rng/ziggurat';

/**
 * Where one replication writes: milestones at ms[msOff..], counts at cnt[cntOff..] (4 series x grid). A class, not
 * a literal, so its hidden class and field types are the same in every run (see CompiledPlan).
 */
export class ReplicationOutput {
  /** An instance kept with the class (see CompiledPlan.anchor). */
  static readonly anchor = new ReplicationOutput(new Float64Array(0), new Uint16Array(0), 0);
  readonly ms: Float64Array;
  msOff = 0;
  readonly cnt: Uint16Array | Uint32Array;
  cntOff = 0;
  /**
   * Largest storable count; screening stops there as a storage guard (set far above any expected count). Starts
   * as NaN (double representation) because 2^32 - 1 is not a small integer.
   */
  readonly countCap: number = NaN;
  /**
   * Per series (SERIES_KEYS), the largest grid index over the replications written so far from which a
   * replication's count equals its count at the last grid day (settled.ts; G when it never settles).
   */
  readonly settled = new Int32Array(4);

  constructor(ms: Float64Array, cnt: Uint16Array | Uint32Array, countCap: number) {
    this.ms = ms;
    this.cnt = cnt;
    this.countCap = countCap;
  }
}

/**
 * What an arrival walk leaves for the rest of the replication (one object per workspace, overwritten): event times
 * in days (Infinity / -Infinity when they did not happen), counts, and where the walk stopped.
 */
export class WalkResult {
  fps = Infinity;
  fpi = Infinity;
  e25 = Infinity;
  e50 = Infinity;
  e75 = Infinity;
  lpi = Infinity;
  lps = Infinity;
  lastTreat = -Infinity;
  lastVisit = -Infinity;
  nScr = 0;
  nEnr = 0;
  nComp = 0;
  /** True when screening stopped by the stop rule (not by the horizon or the storage guard). */
  stopped = false;
  /**
   * Bulk walks only: where screening ended (days), the study pause window, the first patient's coordinate. Real
   * numbers start as NaN, not 0, so that their fields have the double representation from the first object on
   * (a field turning from small integer to double changes the hidden class and deoptimizes the walks).
   */
  walkEnd = NaN;
  windowStart = Infinity;
  windowEnd = Infinity;
  firstE = Infinity;
  /**
   * Grid indices from which the screened, enrolled and completed counts of this replication hold their final
   * values (where the walk's tail fill began; bulkFailures raises the screened one to where its failures end).
   */
  tailS = 0;
  tailE = 0;
  tailC = 0;
  /** Bulk walks only: the last day walked, the cumulative intensity at its start and its mass (patients). */
  d = 0;
  cumD = NaN;
  md = NaN;
}

/**
 * Number of successes before the first failure in iid trials with success probability q, given log q:
 * P(X >= j) = q^j, so X = floor(E / -log q) with E ~ Exp(1). Infinity when q = 1, 0 when q = 0.
 */
export function geometricRun(rng: Xoshiro128, logQ: number): number {
  if (logQ === 0) return Infinity;
  return Math.floor(zigguratExponential(rng) / -logQ);
}

/** Milestone threshold on the enrolled count: the ceil(share x target)-th enrolled, at least the first. */
export function threshold(share: number, target: number): number {
  return Math.max(1, Math.ceil(share * target));
}

/** The smallest of the enrolled-count events (first, 25/50/75%, target, study pause) above n; Infinity if none. */
export function nextMarkAfter(
  n: number,
  k25: number,
  k50: number,
  k75: number,
  T: number,
  pause: number,
): number {
  let next = Infinity;
  if (1 > n) next = 1;
  if (k25 > n && k25 < next) next = k25;
  if (k50 > n && k50 < next) next = k50;
  if (k75 > n && k75 < next) next = k75;
  if (T > n && T < next) next = T;
  if (pause > n && pause < next) next = pause;
  return next;
}
