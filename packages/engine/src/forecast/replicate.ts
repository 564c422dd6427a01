/**
 * One Monte Carlo replication (simulation model sections 4, 5 and 7), the hot path of the forecast.
 *
 * Design (cost O(sites + classes x days + patients) per replication, no per-day-per-site loop):
 * 1. Draw theta, the group start-up factors and the site factors, in that order, from the replication's stream.
 * 2. Each site adds its piecewise-linear intensity (rate x fatigue, from its first screening day) to per-class
 *    difference arrays of level and slope; partial days get exact point corrections. Prefix sums then give each
 *    day's exact integrated intensity, times the class's seasonal multiplier of that day.
 * 3. Screened arrivals: cumulative Exp(1) gaps E_k, inverted through the cumulative intensity (monotone walk over
 *    days; within a day the intensity is taken as constant, so the day of each arrival is exact in distribution).
 *    Days of zero intensity are skipped by the walk and never divided by.
 * 4. The study pause removes the window [start, start + D) by jumping the walk to its end (memorylessness makes
 *    this exact). Caps and country pauses reject arrivals attributed to a stopped class (exact thinning).
 * 5. Screen failure, drop-out and timing marks are drawn per patient; counts at grid days are written by monotone
 *    pointers because screened, enrolled and completion times all come in arrival order.
 */
import { gamma } from '../rng/distributions';
import type { Xoshiro128 } from '../rng/xoshiro';
import { zigguratExponential } from '../rng/ziggurat';
import type { CompiledPlan } from './compile';
import { addLinear, dayMass, type ReplicationWorkspace } from './intensity';
import { NOT_REACHED, type StopRule } from './types';

/**
 * Number of successes before the first failure in iid trials with success probability q, given log q:
 * P(X >= j) = q^j, so X = floor(E / -log q) with E ~ Exp(1). Infinity when q = 1, 0 when q = 0.
 */
function geometricRun(rng: Xoshiro128, logQ: number): number {
  if (logQ === 0) return Infinity;
  return Math.floor(zigguratExponential(rng) / -logQ);
}

/** Milestone thresholds on the enrolled count, from the enrolled target (patients). */
function thresholds(target: number): [number, number, number] {
  return [
    Math.max(1, Math.ceil(0.25 * target)),
    Math.max(1, Math.ceil(0.5 * target)),
    Math.max(1, Math.ceil(0.75 * target)),
  ];
}

/** Where one replication writes: milestones at ms[msOff..], counts at cnt[cntOff..] (4 series x grid). */
export interface ReplicationOutput {
  ms: Float64Array;
  msOff: number;
  cnt: Uint16Array | Uint32Array;
  cntOff: number;
  /** Largest storable count; screening stops there as a storage guard (set far above any expected count). */
  countCap: number;
}

/** Simulates replication `r` of `seed` and writes its milestones (days) and grid counts to `out`. */
export function simulateReplication(
  cp: CompiledPlan,
  ws: ReplicationWorkspace,
  seed: number,
  r: number,
  stopRule: StopRule,
  out: ReplicationOutput,
): void {
  const rng = ws.rng;
  rng.seedStream(seed, r);
  const nDays = cp.nDays;
  const K = cp.nClasses;
  const { classMass, act, groupShift } = ws;

  // 1. Random factors, in the model's order: study, groups, sites.
  const theta = cp.studyShape > 0 ? gamma(rng, cp.studyShape) / cp.studyShape : 1;
  for (let g = 0; g < cp.nGroups; g++) {
    const f = cp.startupShape > 0 ? gamma(rng, cp.startupShape) / cp.startupShape : 1;
    groupShift[g] = (f - 1) * cp.groupSpan[g]!;
  }
  ws.reset();
  let fsiv = Infinity;
  let lastAct = -Infinity;
  const siteShape = cp.siteShape;
  const pNon = cp.nonEnrolling;
  for (let i = 0; i < cp.nSites; i++) {
    const g = cp.siteGroup[i]!;
    let u = siteShape > 0 ? gamma(rng, siteShape) / siteShape : 1;
    if (pNon > 0 && rng.uniform() < pNon) u = 0;
    // Sites activate on a calendar day: the shifted plan-line day, rounded, never before day 0.
    let a = Math.round(cp.sitePlanned[i]! + groupShift[g]!);
    if (a < 0) a = 0;
    if (a < fsiv) fsiv = a;
    if (a > lastAct) lastAct = a;
    if (a < nDays) act[cp.dayToGrid[a]!]!++;
    const c = theta * u * cp.groupRate[g]!;
    if (!(c > 0)) continue;
    // 2. The site's intensity c * fatigue(t - a) from its first screening day s on.
    const q = cp.groupCombo[g]!;
    const s = a + cp.groupDelay[g]!;
    const D = cp.groupFatigueDays[g]!;
    if (D === Infinity) {
      addLinear(cp, ws, q, s, nDays, c, 0);
    } else {
      const drop = cp.groupFatigueDrop[g]!;
      const kink = a + D;
      if (kink > s) addLinear(cp, ws, q, s, kink, c * (1 + (drop * a) / D), (-c * drop) / D);
      addLinear(cp, ws, q, Math.max(s, kink), nDays, c * (1 - drop), 0);
    }
  }
  // 3-5. Arrivals.
  const { ms, msOff, cnt, cntOff, countCap } = out;
  const grid = cp.grid;
  const G = grid.length;
  const aOff = cntOff;
  const sOff = cntOff + G;
  const eOff = cntOff + 2 * G;
  const cOff = cntOff + 3 * G;
  const T = cp.targetEnrolled;
  const [k25, k50, k75] = thresholds(T);
  const sd = cp.screeningDays;
  const td = cp.treatmentDays;
  const fu = cp.followUpDays;
  const hasRules = cp.hasClassRules;
  const { clsScreened, clsEnrolled, clsStopped, clsPauseStart, clsPauseEnd } = ws;
  if (hasRules) {
    clsScreened.fill(0);
    clsEnrolled.fill(0);
    clsStopped.fill(0);
    clsPauseStart.fill(Infinity);
    clsPauseEnd.fill(Infinity);
  }
  const { passRun, completeRun } = ws;
  for (let k = 0; k < K; k++) {
    passRun[k] = geometricRun(rng, cp.classPassLog[k]!);
    completeRun[k] = geometricRun(rng, cp.classCompleteLog[k]!);
  }
  let nStopped = 0;
  const stopAtScreened = stopRule === 'screened';
  const screenTarget = cp.targetScreened;
  let pauseStart = Infinity;
  let pauseEnd = Infinity;
  let E = 0;
  let nScr = 0;
  let nEnr = 0;
  let nComp = 0;
  let gs = 0;
  let ge = 0;
  let gc = 0;
  let fps = Infinity;
  let fpi = Infinity;
  let e25 = Infinity;
  let e50 = Infinity;
  let e75 = Infinity;
  let lpi = Infinity;
  let lps = Infinity;
  let lastTreat = -Infinity;
  let lastVisit = -Infinity;
  let stopped = T <= 0 && !stopAtScreened;
  // Day masses are computed lazily, in day order, up to the day screening stops.
  ws.classLevel.fill(0);
  ws.classSlope.fill(0);
  let d = 0;
  let cumD = 0; // cumulative intensity at the start of day d
  let md = dayMass(cp, ws, 0); // intensity integrated over day d
  while (!stopped) {
    E += zigguratExponential(rng);
    while (cumD + md <= E) {
      cumD += md;
      if (++d >= nDays) break;
      md = dayMass(cp, ws, d);
    }
    if (d >= nDays) break;
    // cumD <= E < cumD + md, so md > 0 here.
    const t = d + (E - cumD) / md;
    if (t >= pauseStart) {
      pauseStart = Infinity;
      if (t < pauseEnd) {
        // Study pause: no screening in [pauseStart, pauseEnd); restart the walk at its end (memoryless).
        if (pauseEnd >= nDays) break;
        const pd = Math.floor(pauseEnd);
        while (d < pd) {
          cumD += md;
          md = dayMass(cp, ws, ++d);
        }
        E = cumD + (pauseEnd - d) * md;
        continue;
      }
    }
    let k = 0;
    if (K > 1) {
      let x = rng.uniform() * md;
      for (; k < K - 1; k++) {
        x -= classMass[k]!;
        if (x < 0) break;
      }
      while (k > 0 && !(classMass[k]! > 0)) k--; // rounding guard: never a class with no intensity
    }
    if (hasRules && (clsStopped[k] === 1 || (t >= clsPauseStart[k]! && t < clsPauseEnd[k]!))) continue;
    while (gs < G && grid[gs]! + 1 <= t) cnt[sOff + gs++] = nScr;
    nScr++;
    if (nScr === 1) fps = t;
    // Screen failure marks by geometric run lengths per class (exact for iid Bernoulli trials): one draw per
    // failure instead of one per patient.
    const passes = passRun[k]! > 0;
    if (passes) passRun[k]!--;
    else passRun[k] = geometricRun(rng, cp.classPassLog[k]!);
    if (passes) {
      const te = t + sd;
      while (ge < G && grid[ge]! + 1 <= te) cnt[eOff + ge++] = nEnr;
      nEnr++;
      if (nEnr === 1) fpi = te;
      if (nEnr === k25) e25 = te;
      if (nEnr === k50) e50 = te;
      if (nEnr === k75) e75 = te;
      if (nEnr === T) lpi = te;
      if (nEnr === cp.studyPauseAfter) {
        pauseStart = te;
        pauseEnd = te + cp.studyPauseDays;
      }
      const completes = completeRun[k]! > 0;
      if (completes) completeRun[k]!--;
      else completeRun[k] = geometricRun(rng, cp.classCompleteLog[k]!);
      if (!completes) {
        // Drop-outs leave uniformly over the treatment period.
        const lv = te + rng.uniform() * td;
        if (lv > lastVisit) lastVisit = lv;
      } else {
        const tc = te + td;
        while (gc < G && grid[gc]! + 1 <= tc) cnt[cOff + gc++] = nComp;
        nComp++;
        lastTreat = tc;
        if (tc + fu > lastVisit) lastVisit = tc + fu;
      }
      if (hasRules) {
        const n = ++clsEnrolled[k]!;
        if (n === cp.classPauseAfter[k]) {
          clsPauseStart[k] = te;
          clsPauseEnd[k] = te + cp.classPauseDays[k]!;
        }
        if (n >= cp.classCapEnrolled[k]! && clsStopped[k] === 0) {
          clsStopped[k] = 1;
          nStopped++;
        }
      }
    }
    if (hasRules && ++clsScreened[k]! >= cp.classCapScreened[k]! && clsStopped[k] === 0) {
      clsStopped[k] = 1;
      nStopped++;
    }
    if (stopAtScreened ? nScr >= screenTarget : nEnr >= T) {
      stopped = true;
      lps = t;
    } else if (nStopped === K || nScr >= countCap) break;
  }
  while (gs < G) cnt[sOff + gs++] = nScr;
  while (ge < G) cnt[eOff + ge++] = nEnr;
  while (gc < G) cnt[cOff + gc++] = nComp;
  let running = 0;
  for (let j = 0; j < G; j++) {
    running += act[j]!;
    cnt[aOff + j] = running;
  }

  const reached = (x: number): number => (x >= 0 && x < nDays ? x : NOT_REACHED);
  ms[msOff] = reached(fsiv);
  ms[msOff + 1] = reached(lastAct);
  ms[msOff + 2] = reached(fps);
  ms[msOff + 3] = reached(fpi);
  ms[msOff + 4] = reached(e25);
  ms[msOff + 5] = reached(e50);
  ms[msOff + 6] = reached(e75);
  ms[msOff + 7] = reached(lpi);
  ms[msOff + 8] = reached(lps);
  ms[msOff + 9] = stopped && nComp > 0 ? reached(lastTreat) : NOT_REACHED;
  ms[msOff + 10] = stopped && nEnr > 0 ? reached(lastVisit) : NOT_REACHED;
}
