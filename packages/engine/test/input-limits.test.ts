/** Input limits (issue 13, item 15): dates 1900-2199, sites per group and patients, replications; clear messages. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, MSG, parseSimulationInput, planSimulation, simulate } from '../src';
import { rawInput } from './fixtures';

type Raw = ReturnType<typeof rawInput>;

/** The errors of a fresh valid input after `edit`. */
function errorsAfter(edit: (input: Raw) => void) {
  const input = rawInput();
  edit(input);
  const r = parseSimulationInput(input);
  return r.ok ? [] : r.errors;
}

const targets = (input: Raw) => input.plan.targets as Record<string, Record<string, unknown> | number>;

describe('input limits', () => {
  it('keeps dates within 1900-2199 (a date outside the JavaScript range crashed V8)', () => {
    expect(INPUT_LIMITS.dateMillisMin).toBe(Date.UTC(1900, 0, 1));
    expect(INPUT_LIMITS.dateMillisMax).toBe(Date.UTC(2199, 11, 31, 23, 59, 59, 999));
    for (const bad of [Date.UTC(1899, 11, 31, 12), Date.UTC(2200, 0, 1, 12), 8.64e15 + 1, -8.64e15 - 1]) {
      expect(errorsAfter((i) => (i.plan.croProjectStartDateMillis = bad))).toEqual([
        { path: 'plan.croProjectStartDateMillis', message: MSG.dateRange },
      ]);
    }
    // A protocol date far out (it gave NaN in the tables) is refused with the same message.
    expect(errorsAfter((i) => (i.plan.finalProtocolStartDateMillis = Date.UTC(2500, 0, 1)))).toEqual([
      { path: 'plan.finalProtocolStartDateMillis', message: MSG.dateRange },
    ]);
    const overrides = [{ milestone: 'firstSiteActivation', dateMillis: Date.UTC(9999, 0, 1) }];
    expect(errorsAfter((i) => (i.siteGroups[0]!.milestoneOverrides = overrides))).toContainEqual({
      path: 'siteGroups.0.milestoneOverrides.0.dateMillis',
      message: MSG.dateRange,
    });
    // The edges are accepted.
    expect(errorsAfter((i) => (i.plan.finalProtocolStartDateMillis = INPUT_LIMITS.dateMillisMax))).toEqual(
      [],
    );
  });

  it('keeps sites per group (and the study) within 1 to 10,000', () => {
    const range = MSG.range(1, 10_000);
    expect(
      errorsAfter((i) => (i.siteGroups[0]!.NUM_SITES_ACTIVATED = { lowerBound: 1e9, upperBound: null })),
    ).toEqual([{ path: 'siteGroups.0.NUM_SITES_ACTIVATED.lowerBound', message: range }]);
    expect(
      errorsAfter((i) => (i.siteGroups[0]!.NUM_SITES_ACTIVATED = { lowerBound: 10, upperBound: 10_001 })),
    ).toEqual([{ path: 'siteGroups.0.NUM_SITES_ACTIVATED.upperBound', message: range }]);
    expect(
      errorsAfter((i) => (targets(i).SITES_TO_ACTIVATE = { lowerBound: 20_000, upperBound: null })),
    ).toEqual([{ path: 'plan.targets.SITES_TO_ACTIVATE.lowerBound', message: range }]);
    expect(
      errorsAfter((i) => (i.siteGroups[0]!.NUM_SITES_ACTIVATED = { lowerBound: 10_000, upperBound: null })),
    ).toEqual([]);
  });

  it('keeps patient targets within 1 to 1,000,000, with the tier message below 1', () => {
    expect(
      errorsAfter((i) => (targets(i).SUBJECTS_TO_SCREEN = { lowerBound: 1e9, upperBound: null })),
    ).toEqual([{ path: 'plan.targets.SUBJECTS_TO_SCREEN.lowerBound', message: MSG.range(1, 1_000_000) }]);
    expect(errorsAfter((i) => (targets(i).SUBJECTS_TO_SCREEN = { lowerBound: 0, upperBound: null }))).toEqual(
      [{ path: 'plan.targets.SUBJECTS_TO_SCREEN.lowerBound', message: MSG.screenedPositive }],
    );
  });

  it('runs 1 to 100,000 replications: more is refused with a clear message, in the engine and the CLI', () => {
    expect(() => planSimulation(rawInput(), { seed: 1, replications: 100_001 })).toThrow(
      MSG.replications(100_000),
    );
    expect(() => planSimulation(rawInput(), { seed: 1, replications: 1e7 })).toThrow(RangeError);
    expect(planSimulation(rawInput(), { seed: 1, replications: 100_000 }).ok).toBe(true);
    const p = spawnSync(
      'npx',
      ['tsx', 'scripts/simulate.ts', 'examples/w1.json', '--replications', '10000000'],
      { cwd: join(__dirname, '..'), encoding: 'utf8' },
    );
    expect(p.status).toBe(2);
    expect(p.stderr).toContain('Replications have to be a whole number from 1 to 100000.');
  }, 30_000);

  it('refuses a remodel choice of sites beyond the limit', () => {
    const raw = {
      ...rawInput(),
      remodel: { groups: [{ siteGroupId: '1', rate: 'planned', sites: 'other', sitesOther: 1e9 }] },
    };
    const r = simulate(raw, { seed: 1, replications: 10 });
    expect(r.ok ? [] : r.errors).toContainEqual({
      path: 'remodel.groups.0.sitesOther',
      message: MSG.range(0, 10_000),
    });
  });
});
