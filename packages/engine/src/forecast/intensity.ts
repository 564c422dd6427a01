/**
 * Per-replication intensity accumulation of the Monte Carlo: sites add piecewise-linear intensities as level/slope
 * steps (seasoned per class and day, unseasoned per combo and month) and exact part-day integrals; dayMass then
 * yields each day's exact integrated intensity in day order.
 */
import { Xoshiro128 } from '../rng/xoshiro';
import { CompiledPlan } from './compile';
import { WalkResult } from './walk-common';

/** Typed arrays reused across replications (one per thread). */
export class ReplicationWorkspace {
  /** An instance kept with the class (see CompiledPlan.anchor); it also anchors Xoshiro128 and WalkResult. */
  static readonly anchor = new ReplicationWorkspace(CompiledPlan.anchor);
  readonly rng = new Xoshiro128();
  /** Per class and day: seasoned level and slope differences, seasoned part-day integrals. */
  readonly lvl: Float64Array;
  readonly slp: Float64Array;
  readonly pt: Float64Array;
  /** Per combo and month: unseasoned level and slope differences (for the sums at month starts). */
  readonly monthLvl: Float64Array;
  readonly monthSlp: Float64Array;
  /** Per combo: running unseasoned level and slope at the current month's start. */
  readonly comboLevel: Float64Array;
  readonly comboSlope: Float64Array;
  /** Per class: running seasoned level and slope, and the current day's mass. */
  readonly classLevel: Float64Array;
  readonly classSlope: Float64Array;
  readonly classMass: Float64Array;
  /** Activations per grid interval (index of the first grid day >= activation day). */
  readonly act: Int32Array;
  readonly groupShift: Float64Array;
  /** Per group: the replication's country rate factor. */
  readonly groupFactor: Float64Array;
  /** Per class: passes left before the next screen failure, completers left before the next drop-out. */
  readonly passRun: Float64Array;
  readonly completeRun: Float64Array;
  readonly clsScreened: Float64Array;
  readonly clsEnrolled: Float64Array;
  readonly clsStopped: Uint8Array;
  readonly clsPauseStart: Float64Array;
  readonly clsPauseEnd: Float64Array;
  /** Cumulative screening intensity at the start of each day walked (bulk screen failures). */
  readonly cum: Float64Array;
  /** Per site: the replication's rate factor, and its lifetime from activation to falling silent (days). */
  readonly siteFactor: Float64Array;
  readonly siteLife: Float64Array;
  /**
   * Exclusive bounds of what the replication wrote: day index (lvl, slp, pt) and month index (monthLvl, monthSlp).
   * reset() clears only below them: the horizon leaves room for a slow tail that most replications never reach,
   * and clearing it whole cost a tenth of a W2 replication.
   */
  dayHi = 0;
  monthHi = 0;
  /** First and last activation day of the replication (set by setUpSites). */
  fsiv = Infinity;
  lastActivation = -Infinity;
  /** The arrival walk's result (overwritten by every replication). */
  readonly walk = new WalkResult();

  constructor(cp: CompiledPlan) {
    const k = cp.nClasses;
    this.lvl = new Float64Array(k * (cp.nDays + 1));
    this.slp = new Float64Array(k * (cp.nDays + 1));
    this.pt = new Float64Array(k * (cp.nDays + 1));
    this.monthLvl = new Float64Array(cp.nCombos * cp.nMonths);
    this.monthSlp = new Float64Array(cp.nCombos * cp.nMonths);
    this.comboLevel = new Float64Array(cp.nCombos);
    this.comboSlope = new Float64Array(cp.nCombos);
    this.classLevel = new Float64Array(k);
    this.classSlope = new Float64Array(k);
    this.classMass = new Float64Array(k);
    this.act = new Int32Array(cp.grid.length + 1);
    this.groupShift = new Float64Array(cp.nGroups);
    this.groupFactor = new Float64Array(cp.nGroups);
    this.passRun = new Float64Array(k);
    this.completeRun = new Float64Array(k);
    this.clsScreened = new Float64Array(k);
    this.clsEnrolled = new Float64Array(k);
    this.clsStopped = new Uint8Array(k);
    this.clsPauseStart = new Float64Array(k);
    this.clsPauseEnd = new Float64Array(k);
    this.cum = new Float64Array(cp.nDays + 2);
    this.siteFactor = new Float64Array(cp.nSites);
    this.siteLife = new Float64Array(cp.nSites);
  }

  /** Clears the intensity accumulators for a new replication. */
  reset(): void {
    const n1 = this.lvl.length / this.classMass.length;
    const hi = Math.min(this.dayHi, n1);
    for (let k = 0, o = 0; k < this.classMass.length; k++, o += n1) {
      this.lvl.fill(0, o, o + hi);
      this.slp.fill(0, o, o + hi);
      this.pt.fill(0, o, o + hi);
    }
    const M = this.monthLvl.length / this.comboLevel.length;
    const mHi = Math.min(this.monthHi, M);
    for (let q = 0, o = 0; q < this.comboLevel.length; q++, o += M) {
      this.monthLvl.fill(0, o, o + mHi);
      this.monthSlp.fill(0, o, o + mHi);
    }
    this.dayHi = 0;
    this.monthHi = 0;
    this.comboLevel.fill(0);
    this.comboSlope.fill(0);
    this.classLevel.fill(0);
    this.classSlope.fill(0);
    this.act.fill(0);
  }
}

/** Adds a level/slope step at whole day `day` for combo q: seasoned per class-day, unseasoned per combo-month. */
export function addStep(
  cp: CompiledPlan,
  ws: ReplicationWorkspace,
  q: number,
  day: number,
  level: number,
  slope: number,
): void {
  if (day >= cp.nDays) return; // never read
  const mi = cp.monthIndex[day]!;
  if (day >= ws.dayHi) ws.dayHi = day + 1;
  if (mi >= ws.monthHi) ws.monthHi = mi + 1;
  const season = cp.comboSeason[q * cp.nMonths + mi]!;
  const i = cp.comboClass[q]! * (cp.nDays + 1) + day;
  ws.lvl[i]! += season * level;
  ws.slp[i]! += season * slope;
  ws.monthLvl[q * cp.nMonths + mi]! += level;
  ws.monthSlp[q * cp.nMonths + mi]! += slope;
}

/** Adds the exact integral (patients) of a part of day `day` for combo q, seasoned. */
function addPoint(
  cp: CompiledPlan,
  ws: ReplicationWorkspace,
  q: number,
  day: number,
  integral: number,
): void {
  const season = cp.comboSeason[q * cp.nMonths + cp.monthIndex[day]!]!;
  if (day >= ws.dayHi) ws.dayHi = day + 1;
  ws.pt[cp.comboClass[q]! * (cp.nDays + 1) + day]! += season * integral;
}

/**
 * Adds the linear intensity alpha + beta * t (patients/day) on [x0, x1) for combo q: whole days as level/slope
 * steps, partial days as exact point integrals.
 */
export function addLinear(
  cp: CompiledPlan,
  ws: ReplicationWorkspace,
  q: number,
  x0: number,
  x1: number,
  alpha: number,
  beta: number,
): void {
  const nDays = cp.nDays;
  if (x1 > nDays) x1 = nDays;
  if (!(x1 > x0)) return;
  const i0 = Math.ceil(x0);
  const i1 = Math.floor(x1);
  if (i0 > i1) {
    addPoint(cp, ws, q, Math.floor(x0), alpha * (x1 - x0) + (beta * (x1 * x1 - x0 * x0)) / 2);
    return;
  }
  if (x0 < i0) addPoint(cp, ws, q, i0 - 1, alpha * (i0 - x0) + (beta * (i0 * i0 - x0 * x0)) / 2);
  if (i1 > i0) {
    // The integral over day [d, d + 1) is alpha + beta * (d + 1/2): level alpha + beta/2, slope beta per day.
    const level = alpha + beta / 2;
    addStep(cp, ws, q, i0, level, beta);
    addStep(cp, ws, q, i1, -level, -beta);
  }
  if (x1 > i1) addPoint(cp, ws, q, i1, alpha * (x1 - i1) + (beta * (x1 * x1 - i1 * i1)) / 2);
}

/**
 * Integrated intensity of day d (patients), summed over classes; also leaves each class's share in
 * ws.classMass. Must be called for d = 0, 1, 2, ... in order: it advances the running sums. At a month start the
 * seasoned class sums are rebuilt from the unseasoned combo sums (the seasonal multipliers change there).
 */
export function dayMass(cp: CompiledPlan, ws: ReplicationWorkspace, d: number): number {
  const K = cp.nClasses;
  const n1 = cp.nDays + 1;
  const { lvl, slp, pt, classLevel, classSlope, classMass } = ws;
  if (cp.monthStart[d] === 1) {
    const M = cp.nMonths;
    const mi = cp.monthIndex[d]!;
    const { comboLevel, comboSlope, monthLvl, monthSlp } = ws;
    classLevel.fill(0);
    classSlope.fill(0);
    for (let q = 0; q < cp.nCombos; q++) {
      if (mi > 0) {
        // Steps of the month just ended.
        comboLevel[q] = comboLevel[q]! + monthLvl[q * M + mi - 1]!;
        comboSlope[q] = comboSlope[q]! + monthSlp[q * M + mi - 1]!;
      }
      const season = cp.comboSeason[q * M + mi]!;
      const k = cp.comboClass[q]!;
      classLevel[k] = classLevel[k]! + season * comboLevel[q]!;
      classSlope[k] = classSlope[k]! + season * comboSlope[q]!;
    }
  }
  let total = 0;
  for (let k = 0; k < K; k++) {
    const i = k * n1 + d;
    const level = (classLevel[k] = classLevel[k]! + lvl[i]!);
    const slope = (classSlope[k] = classSlope[k]! + slp[i]!);
    const u = level + slope * d + pt[i]!;
    // Rounding of cancelled terms can leave -1e-16; an intensity is never negative.
    const m = u > 0 ? u : 0;
    classMass[k] = m;
    total += m;
  }
  return total;
}
