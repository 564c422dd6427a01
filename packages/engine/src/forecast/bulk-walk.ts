/**
 * The bulk arrival walk (steps 3-5 of replicate.ts) for one-class plans without caps or country pauses, with the
 * 'enrolled' stop rule and a pass probability q >= BULK_MIN_PASS. By Poisson splitting, the patients who pass
 * screening and those who fail are independent Poisson processes with intensities q lambda and (1 - q) lambda, so
 * the walk draws only the passing patients (Exp(1) / q gaps in the screened intensity's scale) and the failures
 * are drawn afterwards as Poisson counts per grid interval of open screening (bulkFailures). Exact in
 * distribution; only the per-patient failure times, which nothing reports, are not drawn.
 */
import type { Xoshiro128 } from '../rng/xoshiro';
import { EXP_KE, EXP_WE, exponentialSlowPath } from '../rng/ziggurat';
import type { CompiledPlan } from './compile';
import { dayMass, type ReplicationWorkspace } from './intensity';
import { geometricRun, nextMarkAfter, threshold, type ReplicationOutput } from './walk-common';

/** Bulk screen failures need a pass probability at least this high (else the per-patient marks are cheaper). */
export const BULK_MIN_PASS = 0.1;

/**
 * Walks the passing patients of one replication (intensity set up), writes the grid counts of the screened
 * (passing only; bulkFailures adds the failures), enrolled and completed series to `out`, and the events, the
 * walk's end and the cumulative intensity table ws.cum (days walked) to ws.walk.
 *
 * The same draws, in the same order, and the same arithmetic as the general walk would make for these plans
 * (bit-identical output). It is written for speed because it is most of a replication's time: the xoshiro128**
 * state lives in local variables (registers) and the exponential ziggurat's fast path is inline, with the state
 * written back to `rng` around the rare slow path; per-day intensities of the single class are summed inline.
 */
export function bulkWalk(
  cp: CompiledPlan,
  ws: ReplicationWorkspace,
  rng: Xoshiro128,
  out: ReplicationOutput,
): void {
  const nDays = cp.nDays;
  const { cnt, cntOff, countCap } = out;
  const grid = cp.grid;
  const G = grid.length;
  const sOff = cntOff + G;
  const eOff = cntOff + 2 * G;
  const cOff = cntOff + 3 * G;
  const T = cp.targetEnrolled;
  const k25 = threshold(0.25, T);
  const k50 = threshold(0.5, T);
  const k75 = threshold(0.75, T);
  const pauseAfter = cp.studyPauseAfter;
  const pauseDays = cp.studyPauseDays;
  let nextMark = 1; // next enrolled count with an event (the first enrolled is one)
  const sd = cp.screeningDays;
  const td = cp.treatmentDays;
  const logComplete = cp.classCompleteLog[0]!;
  const gap = 1 / cp.classPass[0]!;
  // The screen failure run is drawn (and unused) to keep the stream of the general walk's first draws.
  ws.passRun[0] = geometricRun(rng, cp.classPassLog[0]!);
  let completeRun = geometricRun(rng, logComplete);
  let pauseStart = Infinity;
  let pauseEnd = Infinity;
  let E = 0;
  let nScr = 0;
  let nEnr = 0;
  let nComp = 0;
  let gs = 0;
  let ge = 0;
  let gc = 0;
  // Ends of the next grid days of each series (a count changes its grid pointer only when crossing one).
  let nextS = G > 0 ? grid[0]! + 1 : Infinity;
  let nextE = nextS;
  let nextC = nextS;
  let fps = Infinity;
  let fpi = Infinity;
  let e25 = Infinity;
  let e50 = Infinity;
  let e75 = Infinity;
  let lpi = Infinity;
  let lps = Infinity;
  let lastTreat = -Infinity;
  let lastVisit = -Infinity;
  let stopped = T <= 0;
  let firstE = Infinity; // the walk's position (cumulative screened intensity) at the first screened patient
  let walkEnd = stopped ? 0 : nDays; // where screening ended (stop, storage guard or horizon)
  let windowStart = Infinity; // the study pause window, once triggered
  let windowEnd = Infinity;
  // Day masses are computed lazily, in day order, up to the day screening stops; level and slope of the single
  // class are kept in locals and handed to dayMass (via ws.classLevel/classSlope) only at month starts.
  const { lvl, slp, pt, cum, classLevel, classSlope } = ws;
  const monthStart = cp.monthStart;
  classLevel.fill(0);
  classSlope.fill(0);
  let d = 0;
  let cumD = 0; // cumulative intensity at the start of day d
  let md = dayMass(cp, ws, 0); // intensity integrated over day d
  let level = classLevel[0]!;
  let slope = classSlope[0]!;
  cum[0] = 0;
  const state = rng.state;
  let S0 = state[0]!;
  let S1 = state[1]!;
  let S2 = state[2]!;
  let S3 = state[3]!;
  while (!stopped) {
    // Exp(1): xoshiro128** next() and the ziggurat's fast path, inline (rng.ts, ziggurat.ts).
    let x0 = S0;
    let x1 = S1;
    let x2 = S2 ^ x0;
    let x3 = S3 ^ x1;
    let m = Math.imul(x1, 5);
    let jz = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    S1 = x1 ^ x2;
    S0 = x0 ^ x3;
    S2 = x2 ^ (x1 << 9);
    S3 = (x3 << 11) | (x3 >>> 21);
    let iz = jz >>> 24;
    let u = jz & 0xffffff;
    let exp: number;
    if (u < EXP_KE[iz]!) exp = u * EXP_WE[iz]!;
    else {
      state[0] = S0;
      state[1] = S1;
      state[2] = S2;
      state[3] = S3;
      exp = exponentialSlowPath(rng, jz);
      S0 = state[0]!;
      S1 = state[1]!;
      S2 = state[2]!;
      S3 = state[3]!;
    }
    E += exp * gap;
    while (cumD + md <= E) {
      cumD += md;
      cum[++d] = cumD;
      if (d >= nDays) break;
      if (monthStart[d] === 0) {
        level += lvl[d]!;
        slope += slp[d]!;
        const v = level + slope * d + pt[d]!;
        md = v > 0 ? v : 0;
      } else {
        classLevel[0] = level;
        classSlope[0] = slope;
        md = dayMass(cp, ws, d);
        level = classLevel[0]!;
        slope = classSlope[0]!;
      }
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
        classLevel[0] = level;
        classSlope[0] = slope;
        while (d < pd) {
          cumD += md;
          md = dayMass(cp, ws, ++d);
          cum[d] = cumD;
        }
        level = classLevel[0]!;
        slope = classSlope[0]!;
        E = cumD + (pauseEnd - d) * md;
        continue;
      }
    }
    if (t >= nextS) {
      while (gs < G && grid[gs]! + 1 <= t) cnt[sOff + gs++] = nScr;
      nextS = gs < G ? grid[gs]! + 1 : Infinity;
    }
    nScr++;
    if (nScr === 1) {
      fps = t;
      firstE = E;
    }
    // Every walked patient passes screening.
    const te = t + sd;
    if (te >= nextE) {
      while (ge < G && grid[ge]! + 1 <= te) cnt[eOff + ge++] = nEnr;
      nextE = ge < G ? grid[ge]! + 1 : Infinity;
    }
    nEnr++;
    if (nEnr >= nextMark) {
      // One of the enrolled-count events (milestones, study pause); nextMark is the smallest still ahead.
      if (nEnr === 1) fpi = te;
      if (nEnr === k25) e25 = te;
      if (nEnr === k50) e50 = te;
      if (nEnr === k75) e75 = te;
      if (nEnr === T) lpi = te;
      if (nEnr === pauseAfter) {
        pauseStart = windowStart = te;
        pauseEnd = windowEnd = te + pauseDays;
      }
      nextMark = nextMarkAfter(nEnr, k25, k50, k75, T, pauseAfter);
    }
    if (completeRun > 0) {
      completeRun--;
      const tc = te + td;
      if (tc >= nextC) {
        while (gc < G && grid[gc]! + 1 <= tc) cnt[cOff + gc++] = nComp;
        nextC = gc < G ? grid[gc]! + 1 : Infinity;
      }
      nComp++;
      lastTreat = tc; // completers come in time order: the last one finishes last
    } else {
      // A drop-out: the next geometric run (Exp(1) / -log(1 - dropout), as geometricRun), then its last visit,
      // uniform over the treatment period.
      x0 = S0;
      x1 = S1;
      x2 = S2 ^ x0;
      x3 = S3 ^ x1;
      m = Math.imul(x1, 5);
      jz = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
      S1 = x1 ^ x2;
      S0 = x0 ^ x3;
      S2 = x2 ^ (x1 << 9);
      S3 = (x3 << 11) | (x3 >>> 21);
      iz = jz >>> 24;
      u = jz & 0xffffff;
      if (u < EXP_KE[iz]!) exp = u * EXP_WE[iz]!;
      else {
        state[0] = S0;
        state[1] = S1;
        state[2] = S2;
        state[3] = S3;
        exp = exponentialSlowPath(rng, jz);
        S0 = state[0]!;
        S1 = state[1]!;
        S2 = state[2]!;
        S3 = state[3]!;
      }
      completeRun = Math.floor(exp / -logComplete);
      x0 = S0;
      x1 = S1;
      x2 = S2 ^ x0;
      x3 = S3 ^ x1;
      m = Math.imul(x1, 5);
      jz = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
      S1 = x1 ^ x2;
      S0 = x0 ^ x3;
      S2 = x2 ^ (x1 << 9);
      S3 = (x3 << 11) | (x3 >>> 21);
      const lv = te + (jz + 0.5) * TWO_POW_M32 * td;
      if (lv > lastVisit) lastVisit = lv;
    }
    if (nEnr >= T) {
      stopped = true;
      lps = walkEnd = t;
    } else if (nScr >= countCap) {
      walkEnd = t;
      break;
    }
  }
  state[0] = S0;
  state[1] = S1;
  state[2] = S2;
  state[3] = S3;
  // The counts hold their final values from here on (settled.ts).
  cnt.fill(nScr, sOff + gs, sOff + G);
  cnt.fill(nEnr, eOff + ge, eOff + G);
  cnt.fill(nComp, cOff + gc, cOff + G);
  const w = ws.walk;
  w.tailS = gs;
  w.tailE = ge;
  w.tailC = gc;
  w.fps = fps;
  w.fpi = fpi;
  w.e25 = e25;
  w.e50 = e50;
  w.e75 = e75;
  w.lpi = lpi;
  w.lps = lps;
  w.lastTreat = lastTreat;
  w.lastVisit = lastVisit;
  w.nScr = nScr;
  w.nEnr = nEnr;
  w.nComp = nComp;
  w.stopped = stopped;
  w.walkEnd = walkEnd;
  w.windowStart = windowStart;
  w.windowEnd = windowEnd;
  w.firstE = firstE;
  w.d = d;
  w.cumD = cumD;
  w.md = md;
}

const TWO_POW_M32 = 2 ** -32;
