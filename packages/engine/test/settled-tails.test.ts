/**
 * Settled tails of the grid counts (src/forecast/settled.ts): the bounds that runReplications records must hold
 * (every replication's count at every grid index from the bound on equals its count at the last grid day), and the
 * summaries that copy the settled columns must equal the full computation bit for bit (a copy of the counts has no
 * recorded bounds, so it is summarized in full).
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  mergeChunks,
  runReplications,
  SERIES_KEYS,
  summarizeChunk,
  summarizeForecast,
  type ForecastChunk,
} from '../src/forecast';
import { settledOf } from '../src/forecast/settled';
import type { PreparedPlan } from '../src/model/prepared-plan';
import { makeGroup, makePlan } from './forecast-fixtures';

/** Per series, the smallest grid index from which every row equals its last column (the exact settled index). */
function exactSettled(chunk: ForecastChunk): number[] {
  const G = chunk.grid.length;
  const S = SERIES_KEYS.length;
  const n = chunk.to - chunk.from;
  return SERIES_KEYS.map((_, s) => {
    let t = 0;
    for (let r = 0; r < n; r++) {
      const o = (r * S + s) * G;
      const last = chunk.counts[o + G - 1]!;
      let j = G - 1;
      while (j > t && chunk.counts[o + j - 1] === last) j--;
      t = Math.max(t, j);
    }
    return t;
  });
}

const unbounded = (c: ForecastChunk): ForecastChunk => ({ ...c, counts: c.counts.slice() });

const groups = (n: number, overrides: Parameters<typeof makeGroup>[0] = {}) =>
  Array.from({ length: n }, (_, i) =>
    makeGroup({
      key: `g${i}`,
      activationOffsets: Array.from({ length: 6 }, (_, j) => 15 * j + 3 * i),
      screenRatePerSiteDay: 0.05,
      screenFailRate: 0.25,
      dropOutRate: 0.1,
      ...overrides,
    }),
  );

const plans: Record<string, PreparedPlan> = {
  // Bulk walk with bulk screen failures, a study pause, treatment and follow-up.
  bulk: makePlan({
    groups: groups(3),
    targetEnrolled: 80,
    targetScreened: 107,
    screeningDays: 14,
    treatmentDays: 60,
    followUpDays: 30,
    pause: { afterEnrolled: 20, days: 21 },
    horizonDays: 1500,
  }),
  // General walk: a group cap and two classes.
  general: makePlan({
    groups: [
      ...groups(2),
      ...groups(1, { key: 'capped', screenFailRate: 0.5, caps: { screened: null, enrolled: 15 } }),
    ],
    targetEnrolled: 60,
    targetScreened: 100,
    screeningDays: 7,
    treatmentDays: 30,
    horizonDays: 1200,
  }),
  // A horizon too short for most replications: nothing settles before the last grid days.
  short: makePlan({ groups: groups(2), targetEnrolled: 200, targetScreened: 267, horizonDays: 200 }),
};

describe('settled tails', () => {
  for (const [name, plan] of Object.entries(plans)) {
    it(`${name}: the recorded bounds hold and the summaries equal the full ones`, () => {
      for (const stopRule of ['enrolled', 'screened'] as const) {
        const chunk = runReplications(plan, { seed: 11, from: 0, to: 300, stopRule });
        const bounds = settledOf(chunk.counts);
        expect(bounds).not.toBeNull();
        const exact = exactSettled(chunk);
        SERIES_KEYS.forEach((_, s) => expect(bounds![s]).toBeGreaterThanOrEqual(exact[s]!));
        const copy = unbounded(chunk);
        expect(settledOf(copy.counts)).toBeNull();
        expect(summarizeForecast(chunk, [10, 50, 90])).toEqual(summarizeForecast(copy, [10, 50, 90]));
        expect(isDeepStrictEqual(summarizeChunk(chunk), summarizeChunk(copy))).toBe(true);
      }
    });
  }

  it('the bounds of merged chunks are the largest of the parts', () => {
    const plan = plans.bulk!;
    const parts = [0, 100, 250].map((from, k, all) =>
      runReplications(plan, { seed: 5, from, to: all[k + 1] ?? 300 }),
    );
    const merged = mergeChunks(parts);
    const whole = runReplications(plan, { seed: 5, from: 0, to: 300 });
    expect(Array.from(settledOf(merged.counts)!)).toEqual(Array.from(settledOf(whole.counts)!));
    expect(summarizeForecast(merged)).toEqual(summarizeForecast(unbounded(whole)));
  });

  it('settles well before the end of a long horizon (W2-like tails are copied, not recomputed)', () => {
    const chunk = runReplications(plans.bulk!, { seed: 3, from: 0, to: 200 });
    const G = chunk.grid.length;
    for (const b of settledOf(chunk.counts)!) expect(b).toBeLessThan(G - 1);
  });
});
