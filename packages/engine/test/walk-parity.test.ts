/**
 * bulkWalk against generalWalk (src/forecast/replicate.ts). The bulk walk claims the general walk's draws, in the
 * same order, with the same arithmetic, for the plans it takes (one class, no caps or country pauses, the enrolled
 * stop rule). With no screen failures (pass probability 1) nothing is drawn in bulk, so the two walks must give
 * the same replications, bit for bit. A group cap that can never bind (ten times the enrolled target) sends the
 * same plan down the general walk without changing a draw: the general walk checks caps only after each arrival.
 */
import { describe, expect, it } from 'vitest';
import { MILESTONE_KEYS, runReplications, type ForecastChunk } from '../src/forecast';
import type { PreparedPlan } from '../src/model/prepared-plan';
import { makeGroup, makePlan } from './forecast-fixtures';

const R = 300;

/** Index of the first element where two arrays differ, -1 when equal (quicker than toEqual on 10^5 numbers). */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

function bothWalks(plan: PreparedPlan, seed: number): { bulk: ForecastChunk; general: ForecastChunk } {
  const unbound = {
    ...plan,
    groups: plan.groups.map((g) => ({ ...g, caps: { screened: null, enrolled: plan.targetEnrolled * 10 } })),
  };
  return {
    bulk: runReplications(plan, { seed, from: 0, to: R }),
    general: runReplications(unbound, { seed, from: 0, to: R }),
  };
}

describe('bulkWalk and generalWalk give the same replications', () => {
  // Ten sites opening every 20 days, fatigue-free, 0.08 screened/site/day, drop-outs, treatment and a study pause.
  const plan = makePlan({
    groups: [
      makeGroup({
        activationOffsets: Array.from({ length: 10 }, (_, i) => 20 * i),
        screenRatePerSiteDay: 0.08,
        screenFailRate: 0,
        dropOutRate: 0.15,
        firstScreenDelayDays: 5,
      }),
    ],
    targetScreened: 120,
    targetEnrolled: 120,
    screeningDays: 14,
    treatmentDays: 90,
    followUpDays: 30,
    pause: { afterEnrolled: 40, days: 30 },
  });

  it.each([1, 7, 12345])('seed %i: milestones and every grid count are equal', (seed) => {
    const { bulk, general } = bothWalks(plan, seed);
    expect(firstDifference(general.grid, bulk.grid)).toBe(-1);
    expect(firstDifference(general.milestones, bulk.milestones)).toBe(-1);
    expect(firstDifference(general.counts, bulk.counts)).toBe(-1);
  });

  it('the comparison can fail: replications vary, and with screen failures the two walks draw differently', () => {
    const { bulk } = bothWalks(plan, 3);
    const M = MILESTONE_KEYS.length;
    const lpi = new Set<number>();
    for (let r = 0; r < R; r++) lpi.add(bulk.milestones[r * M + MILESTONE_KEYS.indexOf('lpi')]!);
    expect(lpi.size).toBeGreaterThan(R / 2);
    // Screen failures are drawn in bulk by one walk and per patient by the other: the capped plan took the
    // general walk.
    const failing = { ...plan, groups: plan.groups.map((g) => ({ ...g, screenFailRate: 0.3 })) };
    const both = bothWalks({ ...failing, targetScreened: 172 }, 3);
    expect(firstDifference(both.general.milestones, both.bulk.milestones)).not.toBe(-1);
  });
});
