/**
 * Steps 1-2 of a replication (simulation model section 7): the random factors (study, group start-up, group
 * (country) rate, sites, in that order) and each site's piecewise-linear intensity added to the workspace's
 * difference arrays (see intensity.ts).
 */
import { gamma } from '../rng/distributions';
import type { Xoshiro128 } from '../rng/xoshiro';
import type { CompiledPlan } from './compile';
import { addLinear, addStep, type ReplicationWorkspace } from './intensity';
import { addSiteByAge } from './age-intensity';
import { setUpRemodelSites } from './remodel-sites';
import { drawSiteFactors, drawSiteLifetimes } from './site-draws';

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
  const theta = drawFactors(cp, ws, rng);
  ws.reset();
  let fsiv = Infinity;
  let lastAct = -Infinity;
  const { siteFactor, siteLife: life } = ws;
  const { sitePlanned, dayToGrid, groupSiteStart, monthIndex, comboSeason, nMonths } = cp;
  const { lvl, slp, monthLvl, monthSlp } = ws;
  // The inline steps below keep the workspace's written bounds (see ReplicationWorkspace.dayHi) in locals.
  let dayHi = 0;
  let monthHi = 0;
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
      // 2. The site's intensity c * fatigue(t - a) from its first screening day s on, until it falls silent: at the
      // end of the day on which its lifetime ends (whole days keep the fast path's steps whole; no hazard: never).
      const s = a + delay;
      const stop = hazard > 0 ? Math.floor(a + life[i]!) + 1 : Infinity;
      const to = stop < nDays ? stop : nDays;
      if (!(to > s)) continue;
      if (generic) {
        // Ramp-up or decay: the pieces of the group's age profile (generic path).
        addSiteByAge(cp, ws, g, a, s, to, c);
        continue;
      }
      if (D === Infinity) {
        if (wholeDelay) {
          addStep(cp, ws, q, s, c, 0);
          if (to < nDays) addStep(cp, ws, q, to, -c, 0);
        } else addLinear(cp, ws, q, s, to, c, 0);
        continue;
      }
      const kink = a + D;
      const alpha = c * (1 + (drop * a) / D);
      const beta = (-c * drop) / D;
      if (!(wholeDelay && wholeKink && kink > s)) {
        if (kink > s) addLinear(cp, ws, q, s, Math.min(kink, to), alpha, beta);
        addLinear(cp, ws, q, Math.max(s, kink), to, c * (1 - drop), 0);
        continue;
      }
      // Day integrals: alpha + beta (d + 1/2) on [s, kink), then c (1 - drop), zero from `to` on: up to three
      // addStep calls, inline.
      const level = alpha + beta / 2;
      let mi = monthIndex[s]!;
      let season = comboSeason[qM + mi]!;
      lvl[qCls + s]! += season * level;
      slp[qCls + s]! += season * beta;
      monthLvl[qM + mi]! += level;
      monthSlp[qM + mi]! += beta;
      if (s >= dayHi) dayHi = s + 1;
      if (mi >= monthHi) monthHi = mi + 1;
      if (kink < to) {
        const level2 = c * (1 - drop) - level;
        mi = monthIndex[kink]!;
        season = comboSeason[qM + mi]!;
        lvl[qCls + kink]! += season * level2;
        slp[qCls + kink]! += season * -beta;
        monthLvl[qM + mi]! += level2;
        monthSlp[qM + mi]! += -beta;
        if (kink >= dayHi) dayHi = kink + 1;
        if (mi >= monthHi) monthHi = mi + 1;
      }
      if (to < nDays) {
        // Silent from `to`: take off the piece running then.
        const cutLevel = to <= kink ? -level : -c * (1 - drop);
        const cutSlope = to <= kink ? -beta : 0;
        mi = monthIndex[to]!;
        season = comboSeason[qM + mi]!;
        lvl[qCls + to]! += season * cutLevel;
        slp[qCls + to]! += season * cutSlope;
        monthLvl[qM + mi]! += cutLevel;
        monthSlp[qM + mi]! += cutSlope;
        if (to >= dayHi) dayHi = to + 1;
        if (mi >= monthHi) monthHi = mi + 1;
      }
    }
  }
  if (dayHi > ws.dayHi) ws.dayHi = dayHi;
  if (monthHi > ws.monthHi) ws.monthHi = monthHi;
  ws.fsiv = fsiv;
  ws.lastActivation = lastAct;
}

/**
 * 1. The random factors, in the model's order: study, group start-up (ws.groupShift, days), group (country) rate
 * (ws.groupFactor), then the sites' rate factors and lifetimes (days). Returns the study factor.
 */
function drawFactors(cp: CompiledPlan, ws: ReplicationWorkspace, rng: Xoshiro128): number {
  const { groupShift, groupFactor } = ws;
  const theta = cp.studyShape > 0 ? gamma(rng, cp.studyShape) / cp.studyShape : 1;
  for (let g = 0; g < cp.nGroups; g++) {
    const f = cp.startupShape > 0 ? gamma(rng, cp.startupShape) / cp.startupShape : 1;
    groupShift[g] = (f - 1) * cp.groupSpan[g]!;
  }
  const countryShape = cp.countryShape;
  for (let g = 0; g < cp.nGroups; g++)
    groupFactor[g] = countryShape > 0 ? gamma(rng, countryShape) / countryShape : 1;
  drawSiteFactors(rng, cp.nSites, cp.siteShape, cp.nonEnrolling, ws.siteFactor);
  if (cp.siteHazard > 0) drawSiteLifetimes(rng, cp.nSites, cp.siteHazard, ws.siteLife);
  return theta;
}
