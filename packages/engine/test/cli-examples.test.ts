import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, loadExample, type ExampleName } from '../examples';
import { simulate } from '../src';
import { probabilitySpanWithin, withRateMultiplier } from '../src/scenarios/scenario-b';
import { preparePlan } from '../src/prepare/prepare-plan';
import { parseSimulationInput } from '../src/input/schema';
import { DAYS_PER_MONTH } from '../src/time';

const ROOT = join(__dirname, '..');
const R = 200;

/** Paths of every number in `value` that is NaN or infinite (typed arrays included). */
function nonFinite(value: unknown, path = '$', out: string[] = []): string[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(path);
  } else if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    Array.from(value as unknown as ArrayLike<number>).forEach((v, i) => nonFinite(v, `${path}[${i}]`, out));
  } else if (Array.isArray(value)) value.forEach((v, i) => nonFinite(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) nonFinite(v, `${path}.${k}`, out);
  return out;
}

const load = (file: string): unknown => loadExample(file.replace(/\.json$/, '') as ExampleName);

function run(file: string) {
  const r = simulate(load(file), { replications: R, seed: 3, now: () => performance.now() });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r;
}

describe('CLI assembly on every example', () => {
  const files = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.json'));
  const expected: Record<string, string> = {
    'w1.json': 'plan',
    'w2.json': 'plan',
    'w3.json': 'plan',
    'scenario-b.json': 'scenarioB',
    'cohort.json': 'cohort',
    'remodel.json': 'remodel',
    'combination.json': 'combination',
  };

  it('knows every example, and so does the examples module', () => {
    expect(files.sort()).toEqual(Object.keys(expected).sort());
    expect(EXAMPLES.map((name) => `${name}.json`).sort()).toEqual(files);
  });

  it.each(files)(
    '%s: finite output, the expected kind and result sets',
    (file) => {
      const r = run(file);
      expect(r.output.kind).toBe(expected[file]);
      expect(nonFinite(r.output)).toEqual([]);
      const sets = r.output.resultSets;
      // 13 ordinary sets; a cohort plan has 7 more, a combination its Timeline Overview (cohortTimelineChart).
      const count = file === 'cohort.json' ? 20 : file === 'combination.json' ? 14 : 13;
      expect(Object.keys(sets)).toHaveLength(count);
      // The forecast columns are filled where a forecast maps onto the tables.
      expect(sets.enrollmentTable.some((row) => row.P50 !== null)).toBe(true);
    },
    30_000,
  );

  it('scenario B reaches its confidence within Monte Carlo error (independent seed)', () => {
    const r = run('scenario-b.json');
    const s = r.output.scenarioB as { multiplier: number; achievedProbability: number; feasible: boolean };
    expect(s.feasible).toBe(true);
    const parsed = parseSimulationInput(load('scenario-b.json'));
    if (!parsed.ok) throw new Error('invalid example');
    const p = parsed.input.plan;
    const confidence = p.overallEnrollmentDurationConfidence! / 100;
    // The second stage (10,000 replications) interpolates its last bracket: its share is the confidence within 0.002.
    expect(Math.abs(s.achievedProbability - confidence)).toBeLessThan(0.002);
    const prepared = preparePlan(parsed.input);
    const solved = withRateMultiplier(prepared, s.multiplier);
    const n = 1000;
    const check = probabilitySpanWithin(solved, p.overallEnrollmentDuration! * DAYS_PER_MONTH, 99, n);
    // SE of the difference of two independent shares (solve: R, check: n).
    const se = Math.sqrt(confidence * (1 - confidence) * (1 / R + 1 / n));
    expect(Math.abs(check - confidence)).toBeLessThan(3 * se);
    const search = r.output.siteSearch as { siteCounts: { sites: number }[]; stoppedBy: string } | null;
    expect(search).not.toBeNull();
    for (const c of search!.siteCounts) {
      expect(c.sites).toBeGreaterThanOrEqual(8);
      expect(c.sites).toBeLessThanOrEqual(10);
    }
  }, 30_000);

  it('cohort rows are filled', () => {
    const rows = run('cohort.json').output.cohorts as { cohortStartDate: string | null }[];
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.cohortStartDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('remodel reports the as-of day, LPI reached and the go-forward groups', () => {
    const o = run('remodel.json').output;
    expect(o.asOfDay).toBeGreaterThan(0);
    expect(typeof o.lpiReached).toBe('boolean');
    const groups = o.groups as { enrollmentRateGoForward: number; posterior: { shape: number } }[];
    expect(groups.length).toBeGreaterThan(0);
    expect(groups[0]!.posterior.shape).toBeGreaterThan(0);
    expect(o.projectionForecast).not.toBeNull();
  });

  it('combination labels its plans', () => {
    const o = run('combination.json').output;
    expect(o.labels).toEqual(['Plan A', 'Plan B']);
    const rows = o.resultSets.summaryTable;
    expect(JSON.stringify(rows)).toContain('(Plan A)');
    expect(JSON.stringify(rows)).toContain('(Plan B)');
  });

  it('invalid input gives field errors', () => {
    const r = simulate({ plan: {} }, { replications: R, seed: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.some((e) => e.path === 'plan.treatmentDuration')).toBe(true);
  });

  it('the CLI prints one JSON document for examples/w1.json', () => {
    const p = spawnSync('npx', ['tsx', 'scripts/simulate.ts', 'examples/w1.json', '--replications', '100'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(p.status).toBe(0);
    const out = JSON.parse(p.stdout) as { kind: string; resultSets: object };
    expect(out.kind).toBe('plan');
    expect(Object.keys(out.resultSets)).toHaveLength(13);
  }, 30_000);
});
