import { monthBoundaries } from '../model/calendar';
import type { PreparedPlan } from '../model/prepared-plan';
import { siteCapacity } from '../plan-line/site-capacity';

/** The network's expected daily flows at full capacity (index = days since day 0, length horizonDays + 1). */
export interface NetworkIntensity {
  /** Patients screened per day, all groups. */
  screened: Float64Array;
  /** Of those, patients who pass screening (x (1 - sf) per group). */
  passing: Float64Array;
  /** Of those, patients who pass screening and complete treatment (x (1 - sf)(1 - drop-out) per group). */
  completing: Float64Array;
  /** Activated sites of the whole network at the end of each day. */
  activeSites: Float64Array;
  /** Per group (prepared order): patients screened per day; the cohort plan line splits the network by group. */
  groupScreened: Float64Array[];
}

/**
 * The whole network's expected daily screening capacity on the plan line, without the study's competitive stop,
 * caps or pauses: per day, sum over groups of rate x seasonal(month) x sum of open sites' fatigue factors; also
 * the passing (x (1 - sf)) and completing (x (1 - sf)(1 - drop-out)) parts, and each group's screening.
 */
export function networkIntensity(prepared: PreparedPlan, horizonDays: number): NetworkIntensity {
  const n = horizonDays + 1;
  const screened = new Float64Array(n);
  const passing = new Float64Array(n);
  const completing = new Float64Array(n);
  const activeSites = new Float64Array(n);
  const groupScreened: Float64Array[] = [];
  const bounds = monthBoundaries(prepared.day0Ms, horizonDays);
  const firstMonth = new Date(prepared.day0Ms).getUTCMonth();
  for (const g of prepared.groups) {
    const cap = siteCapacity(g, horizonDays);
    const own = new Float64Array(n);
    const q = 1 - g.screenFailRate;
    for (let b = 0; b < bounds.length; b++) {
      const rate = g.screenRatePerSiteDay * (g.seasonal[(firstMonth + b) % 12] ?? 1);
      const end = bounds[b + 1] ?? n;
      for (let d = bounds[b]!; d < end; d++) {
        const v = rate * cap[d]!;
        own[d] = v;
        screened[d]! += v;
        passing[d]! += v * q;
        completing[d]! += v * q * (1 - g.dropOutRate);
      }
    }
    groupScreened.push(own);
    for (const off of g.activationOffsets) {
      const a = g.milestones.firstSiteActivation + off;
      if (a < n) activeSites[Math.max(a, 0)]! += 1;
    }
  }
  for (let d = 1; d < n; d++) activeSites[d]! += activeSites[d - 1]!;
  return { screened, passing, completing, activeSites, groupScreened };
}

/** Earliest FPS across site groups: first activation + first-screen delay (null when no group has a site). */
export function earliestFps(prepared: PreparedPlan): number | null {
  let best: number | null = null;
  for (const g of prepared.groups) {
    if (g.activationOffsets.length === 0) continue;
    const fps = g.milestones.firstSiteActivation + g.activationOffsets[0]! + g.firstScreenDelayDays;
    if (best === null || fps < best) best = fps;
  }
  return best;
}
