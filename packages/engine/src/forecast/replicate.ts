/**
 * One Monte Carlo replication (simulation model sections 4, 5 and 7), the hot path of the forecast.
 *
 * Design (cost O(sites + classes x days + patients) per replication, no per-day-per-site loop):
 * 1. Draw theta, the group start-up factors, the group (country) rate factors and the site factors, in that order,
 *    from the replication's stream.
 * 2. Each site adds its piecewise-linear intensity (rate x fatigue, from its first screening day) to per-class
 *    difference arrays of level and slope; partial days get exact point corrections. Prefix sums then give each
 *    day's exact integrated intensity, times the class's seasonal multiplier of that day.
 * 3. Screened arrivals: cumulative Exp(1) gaps E_k, inverted through the cumulative intensity (monotone walk over
 *    days; within a day the intensity is taken as constant, so the day of each arrival is exact in distribution).
 *    Days of zero intensity are skipped by the walk and never divided by.
 * 4. The study pause removes the window [start, start + D) by jumping the walk to its end (memorylessness makes
 *    this exact). Caps and country pauses reject arrivals attributed to a stopped class (exact thinning).
 * 5. Screen failure, drop-out and timing marks are drawn per patient; counts at grid days are written by monotone
 *    pointers because screened, enrolled and completion times all come in arrival order. With one class and no
 *    caps or country pauses, screen failures are drawn in bulk instead (see bulkFailures).
 */
import { gamma, gammaMarsagliaTsang, poisson } from '../rng/distributions';
import type { Xoshiro128 } from '../rng/xoshiro';
import { zigguratExponential } from '../rng/ziggurat';
import type { CompiledPlan } from './compile';
import { addLinear, addStep, dayMass, type ReplicationWorkspace } from './intensity';
import { NOT_REACHED, type StopRule } from './types';

/**
 * Number of successes before the first failure in iid trials with success probability q, given log q:
 * P(X >= j) = q^j, so X = floor(E / -log q) with E ~ Exp(1). Infinity when q = 1, 0 when q = 0.
 */
function geometricRun(rng: Xoshiro128, logQ: number): number {
  if (logQ === 0) return Infinity;
  return Math.floor(zigguratExponential(rng) / -logQ);
}

/** Bulk screen failures need a pass probability at least this high (else the per-patient marks are cheaper). */
const BULK_MIN_PASS = 0.1;

/** Cumulative screened intensity at time t (days) from the per-day table cum (constant intensity within a day). */
function cumulativeAt(cum: Float64Array, t: number): number {
  const f = Math.floor(t);
  const c = cum[f]!;
  return t > f ? c + (t - f) * (cum[f + 1]! - c) : c;
}

/**
 * Screen failures of a bulk replication (one class, pass probability q): per grid interval, a Poisson count with
 * mean (1 - q) x the screened intensity of the interval's open screening time ([0, end) minus the study pause
 * window), added to the cumulative screened counts at cnt[sOff..]; the first failure (Exp(1) / (1 - q) in the
 * cumulative intensity) replaces the first screened time when earlier than the first passing patient. Returns the
 * first screened time.
 */
function bulkFailures(
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
): number {
  const fail = 1 - q;
  const grid = cp.grid;
  const G = grid.length;
  // Open screening mass of each interval [start, stop): the cumulative intensity at `start` is carried over from
  // the previous interval (the same values as evaluating both ends), minus the part inside the pause window.
  let failures = 0;
  let start = 0;
  let cumStart = 0;
  for (let j = 0; j < G; j++) {
    if (start < end) {
      const stop = Math.min(grid[j]! + 1, end);
      const cumStop = cumulativeAt(cum, stop);
      let m = 0;
      if (stop > start) {
        m = cumStop - cumStart;
        const ws = Math.max(start, windowStart);
        const we = Math.min(stop, windowEnd);
        if (we > ws) m -= cumulativeAt(cum, we) - cumulativeAt(cum, ws);
        if (!(m > 0)) m = 0;
      }
      failures += poisson(rng, fail * m);
      start = stop;
      cumStart = cumStop;
    }
    const v = cnt[sOff + j]! + failures;
    cnt[sOff + j] = v < countCap ? v : countCap;
  }
  // First failure: before the first passing patient no pause has started, so no window to skip.
  const x = zigguratExponential(rng) / fail;
  if (x < Math.min(firstE, cumulativeAt(cum, end))) {
    let f = 0;
    while (cum[f + 1]! <= x) f++;
    const t = f + (x - cum[f]!) / (cum[f + 1]! - cum[f]!);
    if (t < fps) return t;
  }
  return fps;
}

/** Milestone threshold on the enrolled count: the ceil(share x target)-th enrolled, at least the first. */
function threshold(share: number, target: number): number {
  return Math.max(1, Math.ceil(share * target));
}

/** The smallest of the enrolled-count events (first, 25/50/75%, target, study pause) above n; Infinity if none. */
function nextMarkAfter(n: number, k25: number, k50: number, k75: number, T: number, pause: number): number {
  let next = Infinity;
  if (1 > n) next = 1;
  if (k25 > n && k25 < next) next = k25;
  if (k50 > n && k50 < next) next = k50;
  if (k75 > n && k75 < next) next = k75;
  if (T > n && T < next) next = T;
  if (pause > n && pause < next) next = pause;
  return next;
}

/** A milestone day, or NOT_REACHED when not within [0, nDays). */
function reachedDay(x: number, nDays: number): number {
  return x >= 0 && x < nDays ? x : NOT_REACHED;
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
  const { classMass, act, groupShift, groupFactor } = ws;

  // 1. Random factors, in the model's order: study, group start-up, group (country) rate, sites.
  const theta = cp.studyShape > 0 ? gamma(rng, cp.studyShape) / cp.studyShape : 1;
  for (let g = 0; g < cp.nGroups; g++) {
    const f = cp.startupShape > 0 ? gamma(rng, cp.startupShape) / cp.startupShape : 1;
    groupShift[g] = (f - 1) * cp.groupSpan[g]!;
  }
  const countryShape = cp.countryShape;
  for (let g = 0; g < cp.nGroups; g++) {
    const post = cp.groupPostShape[g]!;
    // Remodel: the group's rate itself (per site-day) from its Gamma posterior, in place of the prior draws.
    if (post > 0) groupFactor[g] = gamma(rng, post) / cp.groupPostRate[g]!;
    else groupFactor[g] = countryShape > 0 ? gamma(rng, countryShape) / countryShape : 1;
  }
  ws.reset();
  let fsiv = Infinity;
  let lastAct = -Infinity;
  const siteShape = cp.siteShape;
  const pNon = cp.nonEnrolling;
  // Site factors: the Marsaglia-Tsang constants once per replication when the shape is at least 1 (CV <= 1).
  const siteD = siteShape - 1 / 3;
  const siteC = 1 / Math.sqrt(9 * siteD);
  const siteDirect = siteShape >= 1;
  const { sitePlanned, dayToGrid, groupSiteStart, monthIndex, comboSeason, nMonths } = cp;
  const { lvl, slp, monthLvl, monthSlp } = ws;
  for (let g = 0; g < cp.nGroups; g++) {
    // Sites are stored group by group, in plan order (the order of their draws).
    const shift = groupShift[g]!;
    const rate = cp.groupPostShape[g]! > 0 ? groupFactor[g]! : theta * groupFactor[g]! * cp.groupRate[g]!;
    const q = cp.groupCombo[g]!;
    const delay = cp.groupDelay[g]!;
    const D = cp.groupFatigueDays[g]!;
    const drop = cp.groupFatigueDrop[g]!;
    // Whole-day boundaries (the usual case: integer delays and fatigue lengths) need only level/slope steps.
    const wholeDelay = delay === Math.floor(delay);
    const wholeKink = D === Math.floor(D);
    const qM = q * nMonths;
    const qCls = cp.comboClass[q]! * (nDays + 1);
    for (let i = groupSiteStart[g]!, end = groupSiteStart[g + 1]!; i < end; i++) {
      let u =
        siteShape > 0
          ? (siteDirect ? gammaMarsagliaTsang(rng, siteD, siteC) : gamma(rng, siteShape)) / siteShape
          : 1;
      if (pNon > 0 && rng.uniform() < pNon) u = 0;
      // Sites activate on a calendar day: the shifted plan-line day, rounded, never before day 0.
      let a = Math.round(sitePlanned[i]! + shift);
      if (a < 0) a = 0;
      if (a < fsiv) fsiv = a;
      if (a > lastAct) lastAct = a;
      if (a < nDays) act[dayToGrid[a]!]!++;
      const c = rate * u;
      if (!(c > 0)) continue;
      // 2. The site's intensity c * fatigue(t - a) from its first screening day s on.
      const s = a + delay;
      const whole = wholeDelay && s < nDays;
      if (D === Infinity) {
        if (whole) addStep(cp, ws, q, s, c, 0);
        else addLinear(cp, ws, q, s, nDays, c, 0);
      } else {
        const kink = a + D;
        const alpha = c * (1 + (drop * a) / D);
        const beta = (-c * drop) / D;
        if (whole && wholeKink && kink > s) {
          // Day integrals: alpha + beta (d + 1/2) on [s, kink), then c (1 - drop). Two addStep calls, inline.
          const level = alpha + beta / 2;
          let mi = monthIndex[s]!;
          let season = comboSeason[qM + mi]!;
          lvl[qCls + s]! += season * level;
          slp[qCls + s]! += season * beta;
          monthLvl[qM + mi]! += level;
          monthSlp[qM + mi]! += beta;
          if (kink < nDays) {
            const level2 = c * (1 - drop) - level;
            mi = monthIndex[kink]!;
            season = comboSeason[qM + mi]!;
            lvl[qCls + kink]! += season * level2;
            slp[qCls + kink]! += season * -beta;
            monthLvl[qM + mi]! += level2;
            monthSlp[qM + mi]! += -beta;
          }
        } else {
          if (kink > s) addLinear(cp, ws, q, s, kink, alpha, beta);
          addLinear(cp, ws, q, Math.max(s, kink), nDays, c * (1 - drop), 0);
        }
      }
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
  const k25 = threshold(0.25, T);
  const k50 = threshold(0.5, T);
  const k75 = threshold(0.75, T);
  let nextMark = 1; // next enrolled count with an event (the first enrolled is one)
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
  const { pt, classLevel, classSlope, cum } = ws;
  const monthStart = cp.monthStart;
  // Bulk screen failures (one class, no caps or country pauses, stop on the enrolled target): by Poisson splitting,
  // the patients who pass screening and those who fail are independent Poisson processes with intensities
  // q lambda and (1 - q) lambda. The walk then draws only the passing patients (Exp(1) / q gaps in the screened
  // intensity's scale) and the failures are drawn afterwards as Poisson counts per grid interval of open screening.
  const q0 = cp.classPass[0]!;
  const bulk = single && !hasRules && !stopAtScreened && q0 >= BULK_MIN_PASS;
  const gap = bulk ? 1 / q0 : 1;
  let firstE = Infinity; // the walk's position (cumulative screened intensity) at the first screened patient
  let walkEnd = stopped ? 0 : nDays; // where screening ended (stop, storage guard or horizon)
  let windowStart = Infinity; // the study pause window, once triggered
  let windowEnd = Infinity;
  cum[0] = 0;
  while (!stopped) {
    E += zigguratExponential(rng) * gap;
    while (cumD + md <= E) {
      cumD += md;
      cum[++d] = cumD;
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
          cum[d] = cumD;
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
    if (nScr === 1) {
      fps = t;
      firstE = E;
    }
    // Screen failure marks by geometric run lengths per class (exact for iid Bernoulli trials): one draw per
    // failure instead of one per patient. In bulk mode every walked patient passes.
    let passes = true;
    if (!bulk) {
      passes = passRun[k]! > 0;
      if (passes) passRun[k]!--;
      else passRun[k] = geometricRun(rng, cp.classPassLog[k]!);
    }
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
          pauseStart = windowStart = te;
          pauseEnd = windowEnd = te + cp.studyPauseDays;
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
      lps = walkEnd = t;
    } else if (nStopped === K || nScr >= countCap) {
      walkEnd = t;
      break;
    }
  }
  while (gs < G) cnt[sOff + gs++] = nScr;
  if (bulk && q0 < 1) {
    // The walk covered days 0..d; the cumulative intensity at the end of its last day closes the table.
    const last = Math.min(d, nDays - 1);
    if (d < nDays) cum[d + 1] = cumD + md;
    const end = Math.min(walkEnd, last + 1);
    fps = bulkFailures(rng, cp, cum, q0, end, windowStart, windowEnd, firstE, fps, cnt, sOff, countCap);
  }
  while (ge < G) cnt[eOff + ge++] = nEnr;
  while (gc < G) cnt[cOff + gc++] = nComp;
  let running = 0;
  for (let j = 0; j < G; j++) {
    running += act[j]!;
    cnt[aOff + j] = running;
  }

  if (nComp > 0 && lastTreat + fu > lastVisit) lastVisit = lastTreat + fu;
  ms[msOff] = reachedDay(fsiv, nDays);
  ms[msOff + 1] = reachedDay(lastAct, nDays);
  ms[msOff + 2] = reachedDay(fps, nDays);
  ms[msOff + 3] = reachedDay(fpi, nDays);
  ms[msOff + 4] = reachedDay(e25, nDays);
  ms[msOff + 5] = reachedDay(e50, nDays);
  ms[msOff + 6] = reachedDay(e75, nDays);
  ms[msOff + 7] = reachedDay(lpi, nDays);
  ms[msOff + 8] = reachedDay(lps, nDays);
  ms[msOff + 9] = stopped && nComp > 0 ? reachedDay(lastTreat, nDays) : NOT_REACHED;
  ms[msOff + 10] = stopped && nEnr > 0 ? reachedDay(lastVisit, nDays) : NOT_REACHED;
}
