/**
 * Steps 1-2 of a replication (simulation model section 7): the random factors (study, group start-up, group
 * (country) rate, sites, in that order) and each site's piecewise-linear intensity added to the workspace's
 * difference arrays (see intensity.ts).
 */
import { gamma } from '../rng/distributions';
import { NORM_KN, NORM_WN, normalSlowPath } from '../rng/ziggurat';
import type { Xoshiro128 } from '../rng/xoshiro';
import type { CompiledPlan } from './compile';
import { addLinear, addStep, type ReplicationWorkspace } from './intensity';
import { addSiteByAge } from './age-intensity';
import { setUpRemodelSites } from './remodel-sites';

/**
 * Site rate factors u_i ~ Gamma(shape, shape) (mean 1; exactly 1 when shape is 0), each set to 0 with probability
 * pNon, into out[0..n): the same draws, in the same order, as drawing them site by site, but in one small loop
 * (no per-site call with boxed arguments in the large set-up function).
 */
function drawSiteFactors(rng: Xoshiro128, n: number, shape: number, pNon: number, out: Float64Array): void {
  if (shape >= 1 && !(pNon > 0)) {
    drawGammaFactors(rng, n, shape, out);
    return;
  }
  for (let i = 0; i < n; i++) {
    let u = shape > 0 ? gamma(rng, shape) / shape : 1;
    if (pNon > 0 && rng.uniform() < pNon) u = 0;
    out[i] = u;
  }
}

/**
 * out[0..n) = Gamma(shape, 1) / shape, shape >= 1: gammaMarsagliaTsang's draws and arithmetic exactly, with the
 * xoshiro128** state in local variables and the normal ziggurat's fast path and the uniform inline (400 draws per
 * W2 replication; the state is written back to rng around the rare slow path).
 */
function drawGammaFactors(rng: Xoshiro128, n: number, shape: number, out: Float64Array): void {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  const state = rng.state;
  let S0 = state[0]!;
  let S1 = state[1]!;
  let S2 = state[2]!;
  let S3 = state[3]!;
  for (let i = 0; i < n; i++) {
    let g: number;
    for (;;) {
      let x: number;
      let v: number;
      do {
        // xoshiro128** next() and zigguratNormal's fast path (rng/ziggurat.ts).
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
        const iz = jz >>> 25;
        const u = jz & 0xffffff;
        if (u < NORM_KN[iz]!) x = u * NORM_WN[iz]! * (1 - ((jz >>> 23) & 2));
        else {
          state[0] = S0;
          state[1] = S1;
          state[2] = S2;
          state[3] = S3;
          x = normalSlowPath(rng, jz);
          S0 = state[0]!;
          S1 = state[1]!;
          S2 = state[2]!;
          S3 = state[3]!;
        }
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      // rng.uniform(), inline.
      const x0 = S0;
      const x1 = S1;
      const x2 = S2 ^ x0;
      const x3 = S3 ^ x1;
      const m = Math.imul(x1, 5);
      const r = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
      S1 = x1 ^ x2;
      S0 = x0 ^ x3;
      S2 = x2 ^ (x1 << 9);
      S3 = (x3 << 11) | (x3 >>> 21);
      const u = (r + 0.5) * TWO_POW_M32;
      const xx = x * x;
      if (u < 1 - 0.0331 * xx * xx || Math.log(u) < 0.5 * xx + d * (1 - v + Math.log(v))) {
        g = d * v;
        break;
      }
    }
    out[i] = g / shape;
  }
  state[0] = S0;
  state[1] = S1;
  state[2] = S2;
  state[3] = S3;
}

const TWO_POW_M32 = 2 ** -32;

/**
 * Draws the replication's factors from rng (positioned at the replication's stream) and fills the workspace's
 * intensity arrays; leaves the first and last activation days in ws.fsiv and ws.lastActivation.
 */
export function setUpSites(cp: CompiledPlan, ws: ReplicationWorkspace, rng: Xoshiro128): void {
  if (cp.remodel !== null) {
    setUpRemodelSites(cp, cp.remodel, ws, rng);
    return;
  }
  const nDays = cp.nDays;
  const hazard = cp.siteHazard;
  const generic = cp.genericSites;
  const { act, groupShift, groupFactor } = ws;
  // 1. Random factors, in the model's order: study, group start-up, group (country) rate, sites.
  const theta = cp.studyShape > 0 ? gamma(rng, cp.studyShape) / cp.studyShape : 1;
  for (let g = 0; g < cp.nGroups; g++) {
    const f = cp.startupShape > 0 ? gamma(rng, cp.startupShape) / cp.startupShape : 1;
    groupShift[g] = (f - 1) * cp.groupSpan[g]!;
  }
  const countryShape = cp.countryShape;
  for (let g = 0; g < cp.nGroups; g++)
    groupFactor[g] = countryShape > 0 ? gamma(rng, countryShape) / countryShape : 1;
  ws.reset();
  let fsiv = Infinity;
  let lastAct = -Infinity;
  const siteFactor = ws.siteFactor;
  drawSiteFactors(rng, cp.nSites, cp.siteShape, cp.nonEnrolling, siteFactor);
  const { sitePlanned, dayToGrid, groupSiteStart, monthIndex, comboSeason, nMonths } = cp;
  const { lvl, slp, monthLvl, monthSlp } = ws;
  for (let g = 0; g < cp.nGroups; g++) {
    // Sites are stored group by group, in plan order (the order of their draws).
    const shift = groupShift[g]!;
    const rate = theta * groupFactor[g]! * cp.groupRate[g]!;
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
      const u = siteFactor[i]!;
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
      if (generic) {
        // Ramp-up, decay or inactivation after an exponential time from activation (generic path).
        const to = hazard > 0 ? Math.min(nDays, a - Math.log(rng.uniform()) / hazard) : nDays;
        addSiteByAge(cp, ws, g, a, s, to, c);
        continue;
      }
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
  ws.fsiv = fsiv;
  ws.lastActivation = lastAct;
}
