/**
 * The general arrival walk of a replication (steps 3-5 of replicate.ts): every screened patient is walked and
 * marked (screen failure and drop-out by geometric run lengths), arrivals are attributed to classes when there
 * are several, and caps and country pauses thin them. One-class plans without caps or country pauses use the
 * faster bulk walk (bulk-walk.ts) instead.
 */
import type { Xoshiro128 } from '../rng/xoshiro';
import { zigguratExponential } from '../rng/ziggurat';
import type { CompiledPlan } from './compile';
import { dayMass, type ReplicationWorkspace } from './intensity';
import type { StopRule } from './types';
import { geometricRun, nextMarkAfter, threshold, type ReplicationOutput } from './walk-common';

/**
 * Walks the arrivals of one replication (intensity set up, passRun and completeRun drawn), writes the grid counts
 * of the screened, enrolled and completed series to `out` and the events to ws.walk (days).
 */
export function generalWalk(
  cp: CompiledPlan,
  ws: ReplicationWorkspace,
  rng: Xoshiro128,
  stopRule: StopRule,
  out: ReplicationOutput,
): void {
  const nDays = cp.nDays;
  const K = cp.nClasses;
  const classMass = ws.classMass;
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
  let nextMark = 1; // next enrolled count with an event (the first enrolled is one)
  const sd = cp.screeningDays;
  const td = cp.treatmentDays;
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
  let stopped = T <= 0 && !stopAtScreened;
  // Day masses are computed lazily, in day order, up to the day screening stops.
  ws.classLevel.fill(0);
  ws.classSlope.fill(0);
  let d = 0;
  let cumD = 0; // cumulative intensity at the start of day d
  let md = dayMass(cp, ws, 0); // intensity integrated over day d
  const single = K === 1;
  const { pt, classLevel, classSlope } = ws;
  const { lvl, slp } = ws;
  const monthStart = cp.monthStart;
  while (!stopped) {
    E += zigguratExponential(rng);
    while (cumD + md <= E) {
      cumD += md;
      ++d;
      if (d >= nDays) break;
      if (single && monthStart[d] === 0) {
        // dayMass for one class within a month, inline (the walk's inner loop).
        const level = (classLevel[0] = classLevel[0]! + lvl[d]!);
        const slope = (classSlope[0] = classSlope[0]! + slp[d]!);
        const u = level + slope * d + pt[d]!;
        md = u > 0 ? u : 0;
      } else md = dayMass(cp, ws, d);
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
    if (t >= nextS) {
      while (gs < G && grid[gs]! + 1 <= t) cnt[sOff + gs++] = nScr;
      nextS = gs < G ? grid[gs]! + 1 : Infinity;
    }
    nScr++;
    if (nScr === 1) fps = t;
    // Screen failure marks by geometric run lengths per class (exact for iid Bernoulli trials): one draw per
    // failure instead of one per patient.
    const passes = passRun[k]! > 0;
    if (passes) passRun[k]!--;
    else passRun[k] = geometricRun(rng, cp.classPassLog[k]!);
    if (passes) {
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
        if (nEnr === cp.studyPauseAfter) {
          pauseStart = te;
          pauseEnd = te + cp.studyPauseDays;
        }
        nextMark = nextMarkAfter(nEnr, k25, k50, k75, T, cp.studyPauseAfter);
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
        if (tc >= nextC) {
          while (gc < G && grid[gc]! + 1 <= tc) cnt[cOff + gc++] = nComp;
          nextC = gc < G ? grid[gc]! + 1 : Infinity;
        }
        nComp++;
        lastTreat = tc; // completers come in time order: the last one finishes last
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
}
