/**
 * Steps 1-2 of a replication of a remodel projection (calibration.md section 2): the hyper-parameters from their
 * joint grid posterior, each group's rate multiplier and each site's factor from their conditional posteriors given
 * the actuals, each actual site active with its posterior probability, and the sites' intensities (fatigue at the
 * site's true age, from the projection's first screening day, truncated at an exponential inactivation time when
 * the settings have a hazard). Not the hot path of ordinary plans: generic, readable arithmetic.
 */
import { gamma } from '../rng/distributions';
import type { Xoshiro128 } from '../rng/xoshiro';
import { STATED_NO_SPREAD } from '../model/prepared-plan';
import type { CompiledPlan, CompiledRemodel } from './compile';
import { addSiteByAge } from './age-intensity';
import type { ReplicationWorkspace } from './intensity';

/** The grid cell of a uniform u: the first index whose cumulative weight reaches u. */
function cellOf(cdf: Float64Array, u: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid]! >= u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * x_g from its conditional posterior on the x grid: Gamma(ac, ac / theta) in log-x measure x the group's
 * likelihood for site shape si; u picks the cell, v places x uniformly in log x within it.
 */
function drawX(
  ev: CompiledRemodel,
  g: number,
  si: number,
  theta: number,
  ac: number,
  u: number,
  v: number,
): number {
  const k = g * ev.nSiteShapes + si;
  const from = ev.rowFrom[k]!;
  const n = ev.rowTo[k]! - from;
  const row = ev.rowOffset[k]!;
  const w = ev.scratch;
  const b = ac / theta;
  let max = -Infinity;
  for (let j = 0; j < n; j++) {
    const lp = ac * ev.logXGrid[from + j]! - b * ev.xGrid[from + j]! + ev.logLik[row + j]!;
    w[j] = lp;
    if (lp > max) max = lp;
  }
  let sum = 0;
  for (let j = 0; j < n; j++) sum += w[j] = Math.exp(w[j]! - max);
  let target = u * sum;
  let j = 0;
  while (j < n - 1 && target > w[j]!) target -= w[j++]!;
  return ev.xMin * Math.exp((from + j + v) * ev.xStep);
}

/** Draws a replication's remodel factors and fills the workspace's intensities (ws.fsiv, ws.lastActivation too). */
export function setUpRemodelSites(
  cp: CompiledPlan,
  ev: CompiledRemodel,
  ws: ReplicationWorkspace,
  rng: Xoshiro128,
): void {
  const { act, groupShift, groupFactor, siteFactor } = ws;
  // 1. Hyper-parameters: a grid cell, the study factor jittered within its cell.
  const c = cellOf(ev.cdf, rng.uniform());
  const theta = ev.theta[c]! * Math.exp((rng.uniform() - 0.5) * ev.thetaLogWidth);
  // Shape 0 = no spread (factor 1).
  const ac = ev.countryShape[c]!;
  const si = ev.siteShapeIndex[c]!;
  const as = ev.siteShapes[si]!;
  // 2. Start-up of sites still to activate (groups without actual sites keep their span), group multipliers.
  for (let g = 0; g < cp.nGroups; g++) {
    const span = cp.groupSpan[g]!;
    let shift = 0;
    if (span > 0 && cp.startupShape > 0) {
      // Given that the group has not started by the as-of date: its first site activates after it.
      const first = ev.sitePlanned[cp.groupSiteStart[g]!] ?? Infinity;
      for (let t = 0; t < 64; t++) {
        shift = (gamma(rng, cp.startupShape) / cp.startupShape - 1) * span;
        if (first + shift >= ev.activateFromDay) break;
      }
    }
    groupShift[g] = shift;
  }
  for (let g = 0; g < cp.nGroups; g++) {
    const stated = ev.statedShape[g]!;
    let x: number;
    if (stated > 0) x = stated >= STATED_NO_SPREAD ? 1 : gamma(rng, stated) / stated;
    else if (ac === 0) x = theta;
    else if (ev.rowTo[g * ev.nSiteShapes] === ev.rowFrom[g * ev.nSiteShapes])
      x = (theta * gamma(rng, ac)) / ac;
    else x = drawX(ev, g, si, theta, ac, rng.uniform(), rng.uniform());
    groupFactor[g] = x * cp.groupRate[g]!;
  }
  ws.reset();
  // 3. Sites: activation, activity, factor, intensity.
  let fsiv = Infinity;
  let lastAct = -Infinity;
  const nDays = cp.nDays;
  // The inactivation hazard of this replication, from its posterior (it also sets each silent site's odds).
  const hk = cellOf(ev.hazardCdf, rng.uniform());
  const h = ev.hazardPerDay[hk]!;
  const activeBase = hk * cp.nSites;
  for (let g = 0; g < cp.nGroups; g++) {
    const lambda = groupFactor[g]!;
    const delay = cp.groupDelay[g]!;
    const from = cp.groupScreenFrom[g]!;
    for (let i = cp.groupSiteStart[g]!, end = cp.groupSiteStart[g + 1]!; i < end; i++) {
      const fixed = ev.siteFixed[i] === 1;
      let a = cp.sitePlanned[i]!;
      if (!fixed) a = Math.max(ev.activateFromDay, Math.round(ev.sitePlanned[i]! + groupShift[g]!));
      if (a < fsiv) fsiv = a;
      if (a > lastAct) lastAct = a;
      if (a >= 0 && a < nDays) act[cp.dayToGrid[a]!]!++;
      const p = ev.siteActiveProb[activeBase + i]!;
      const active = p >= 1 || rng.uniform() < p;
      let u = 0;
      if (active) u = as === 0 ? 1 : gamma(rng, as + ev.siteEvents[i]!) / (as + lambda * ev.siteExposure[i]!);
      siteFactor[i] = u;
      const rate = lambda * u;
      if (!(rate > 0)) continue;
      const s = Math.max(a + delay, from);
      // Inactivation: memoryless, so an actual site's remaining time starts at the projection's first day.
      const stop = h > 0 ? (fixed ? s : a) - Math.log(rng.uniform()) / h : Infinity;
      addSiteByAge(cp, ws, g, a, s, Math.min(stop, nDays), rate);
    }
  }
  ws.fsiv = fsiv;
  ws.lastActivation = lastAct;
}
