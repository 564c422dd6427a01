/**
 * One Monte Carlo replication (simulation model sections 4, 5 and 7), the hot path of the forecast.
 *
 * Design (cost O(sites + classes x days + patients) per replication, no per-day-per-site loop):
 * 1. Draw theta, the group start-up factors, the group (country) rate factors and the site factors, in that order,
 *    from the replication's stream (sites.ts).
 * 2. Each site adds its piecewise-linear intensity (rate x fatigue, from its first screening day) to per-class
 *    difference arrays of level and slope; partial days get exact point corrections. Prefix sums then give each
 *    day's exact integrated intensity, times the class's seasonal multiplier of that day (intensity.ts).
 * 3. Screened arrivals: cumulative Exp(1) gaps E_k, inverted through the cumulative intensity (monotone walk over
 *    days; within a day the intensity is taken as constant, so the day of each arrival is exact in distribution).
 *    Days of zero intensity are skipped by the walk and never divided by.
 * 4. The study pause removes the window [start, start + D) by jumping the walk to its end (memorylessness makes
 *    this exact). Caps and country pauses reject arrivals attributed to a stopped class (exact thinning).
 * 5. Screen failure, drop-out and timing marks are drawn per patient; counts at grid days are written by monotone
 *    pointers because screened, enrolled and completion times all come in arrival order (walk.ts). With one class
 *    and no caps or country pauses, screen failures are drawn in bulk instead (bulk-walk.ts, bulk-failures.ts).
 */
import type { Xoshiro128 } from '../rng/xoshiro';
import { bulkFailures } from './bulk-failures';
import { BULK_MIN_PASS, bulkWalk } from './bulk-walk';
import type { CompiledPlan } from './compile';
import type { ReplicationWorkspace } from './intensity';
import { setUpSites } from './sites';
import { NOT_REACHED, type StopRule } from './types';
import { generalWalk } from './walk';
import type { ReplicationOutput } from './walk-common';

export type { ReplicationOutput } from './walk-common';

/** A milestone day, or NOT_REACHED when not within [0, nDays). */
function reachedDay(x: number, nDays: number): number {
  return x >= 0 && x < nDays ? x : NOT_REACHED;
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
  // 1-2. Random factors and the sites' intensities.
  setUpSites(cp, ws, rng);
  // 3-5. Arrivals.
  walkArrivals(cp, ws, rng, stopRule, out);
  const lastAct = writeActiveSites(cp, ws, out);
  // Per series, the latest grid index from which a replication's counts are final (settled.ts).
  const w = ws.walk;
  const settled = out.settled;
  if (lastAct > settled[0]!) settled[0] = lastAct;
  if (w.tailS > settled[1]!) settled[1] = w.tailS;
  if (w.tailE > settled[2]!) settled[2] = w.tailE;
  if (w.tailC > settled[3]!) settled[3] = w.tailC;
  writeMilestones(cp, ws, out);
}

/**
 * Steps 3-5: the arrival walk. Bulk screen failures when there is one class, no caps or country pauses, and the
 * study stops on the enrolled target; the general walk otherwise.
 */
function walkArrivals(
  cp: CompiledPlan,
  ws: ReplicationWorkspace,
  rng: Xoshiro128,
  stopRule: StopRule,
  out: ReplicationOutput,
): void {
  const { cnt, cntOff, countCap } = out;
  const nDays = cp.nDays;
  const G = cp.grid.length;
  const q0 = cp.classPass[0]!;
  const w = ws.walk;
  // Not settled before the end unless the walk says where (a walk that does not report stays conservative).
  w.tailS = G;
  w.tailE = G;
  w.tailC = G;
  if (!(cp.nClasses === 1 && !cp.hasClassRules && stopRule === 'enrolled' && q0 >= BULK_MIN_PASS)) {
    generalWalk(cp, ws, rng, stopRule, out);
    return;
  }
  bulkWalk(cp, ws, rng, out);
  if (q0 >= 1) return;
  // The walk covered days 0..d; the cumulative intensity at the end of its last day closes the table.
  const { d, cumD, md } = w;
  const last = Math.min(d, nDays - 1);
  if (d < nDays) ws.cum[d + 1] = cumD + md;
  const end = Math.min(w.walkEnd, last + 1);
  const { windowStart, windowEnd, firstE } = w;
  w.fps = bulkFailures(
    rng,
    cp,
    ws.cum,
    q0,
    end,
    windowStart,
    windowEnd,
    firstE,
    w.fps,
    cnt,
    cntOff + G,
    countCap,
    w,
  );
}

/** The active sites series from the activations per grid day; returns the last grid index with an activation. */
function writeActiveSites(cp: CompiledPlan, ws: ReplicationWorkspace, out: ReplicationOutput): number {
  const { cnt, cntOff } = out;
  const G = cp.grid.length;
  const act = ws.act;
  let running = 0;
  let lastAct = 0; // active sites are final from the last activation on
  const nSites = cp.nSites;
  let j = 0;
  while (j < G) {
    const a = act[j]!;
    if (a !== 0) lastAct = j;
    running += a;
    cnt[cntOff + j++] = running;
    if (running === nSites) break; // every site active: the later grid days hold the same count
  }
  if (j < G) cnt.fill(running, cntOff + j, cntOff + G);
  return lastAct;
}

/** The replication's milestone days (NOT_REACHED outside the horizon) from the sites and the walk. */
function writeMilestones(cp: CompiledPlan, ws: ReplicationWorkspace, out: ReplicationOutput): void {
  const { ms, msOff } = out;
  const nDays = cp.nDays;
  const w = ws.walk;
  const { stopped, nEnr, nComp, lastTreat } = w;
  let lastVisit = w.lastVisit;
  if (nComp > 0 && lastTreat + cp.followUpDays > lastVisit) lastVisit = lastTreat + cp.followUpDays;
  ms[msOff] = reachedDay(ws.fsiv, nDays);
  ms[msOff + 1] = reachedDay(ws.lastActivation, nDays);
  ms[msOff + 2] = reachedDay(w.fps, nDays);
  ms[msOff + 3] = reachedDay(w.fpi, nDays);
  ms[msOff + 4] = reachedDay(w.e25, nDays);
  ms[msOff + 5] = reachedDay(w.e50, nDays);
  ms[msOff + 6] = reachedDay(w.e75, nDays);
  ms[msOff + 7] = reachedDay(w.lpi, nDays);
  ms[msOff + 8] = reachedDay(w.lps, nDays);
  ms[msOff + 9] = stopped && nComp > 0 ? reachedDay(lastTreat, nDays) : NOT_REACHED;
  ms[msOff + 10] = stopped && nEnr > 0 ? reachedDay(lastVisit, nDays) : NOT_REACHED;
  const fpi = ms[msOff + 3]!;
  ms[msOff + 11] =
    fpi === NOT_REACHED ? NOT_REACHED : reachedDay(fpi + cp.treatmentDays + cp.followUpDays, nDays);
}
