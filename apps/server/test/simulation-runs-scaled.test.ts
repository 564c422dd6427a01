import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { addPlanCountry, storeDates } from './helpers/run-fixtures';
import { createScratchDatabase } from './helpers/scratch-postgres';

/**
 * The scaled shape on a real PostgreSQL server: an API process that only queues runs (RUN_WORKERS=false) and two
 * worker processes (`src/worker.ts`, as `npm run worker` starts them) sharing the pg-boss queue.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 20;

interface Worker {
  child: ChildProcess;
  output: string[];
}

function startWorker(url: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: url, WORKER_THREADS: '1', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(...d.toString().split('\n').filter(Boolean)));
  child.stderr!.on('data', (d: Buffer) => output.push(...d.toString().split('\n').filter(Boolean)));
  return { child, output };
}

async function stopWorker(w: Worker): Promise<number | null> {
  if (w.child.exitCode !== null) return w.child.exitCode;
  const exited = new Promise<number | null>((resolve) => w.child.once('exit', (code) => resolve(code)));
  w.child.kill('SIGTERM');
  return exited;
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe.skipIf(!baseUrl)('scaled shape on PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let t: TestApp;
  const workers: Worker[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!, 'predict_runs');
    t = await createTestApp({ DATABASE_URL: scratch.url, RUN_WORKERS: 'false' });
    workers.push(startWorker(scratch.url), startWorker(scratch.url));
  }, 120_000);

  afterAll(async () => {
    const codes = await Promise.all(workers.map(stopWorker));
    await t?.close();
    await scratch?.drop();
    expect(codes).toEqual(workers.map(() => 0));
  }, 120_000);

  it(`runs ${RUNS} plans submitted to the API on two worker processes, each exactly once`, async () => {
    const planner = bearer(await t.token('planner'));
    const [studyId] = (await addStudies(t, 'SCALE-0001')) as [number];
    const planIds: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const plan = await createPlan(
        t,
        planner,
        studyId,
        ratesPlan({ studyPlanName: `Scaled plan ${i + 1}` }),
      );
      await addPlanCountry(t, plan.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 6 });
      await addPlanCountry(t, plan.id, 1, { iso3: 'NLD', name: 'Netherlands', eu: true, sites: 4 });
      await storeDates(t, plan.id);
      planIds.push(plan.id);
    }
    const submitted = await Promise.all(
      planIds.map((id) =>
        t.app.inject({
          method: 'POST',
          url: '/ctpo/runsimulation',
          headers: planner,
          payload: { studyPlanId: id },
        }),
      ),
    );
    expect(submitted.map((r) => r.statusCode)).toEqual(planIds.map(() => 201));
    const runIds = submitted.map((r) => r.json().simOptRunId as number);

    const db = t.database.db;
    let statuses: { status: string }[] = [];
    for (let i = 0; i < 1200; i++) {
      statuses = rows(await db.execute(sql`select status from simulation_runs`));
      if (statuses.every((s) => !['REQUESTING', 'RUNNING', 'PROCESSING'].includes(s.status))) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // One run per plan, each COMPLETED_OK.
    expect(statuses).toHaveLength(RUNS);
    expect(statuses.every((s) => s.status === 'COMPLETED_OK')).toBe(true);

    // Result sets stored once per run (13 each), and one completion per run in the audit log.
    const sets = rows<{ sim_run_id: number; n: number }>(
      await db.execute(
        sql`select sim_run_id, count(*)::int as n from simulation_result_sets group by sim_run_id`,
      ),
    );
    expect(sets.map((s) => s.n)).toEqual(runIds.map(() => 13));
    const completions = rows<{ entity_id: string; n: number }>(
      await db.execute(sql`select entity_id, count(*)::int as n from audit_log
        where entity = 'simulation_run' and action = 'status' and new_values->>'status' = 'COMPLETED_OK'
        group by entity_id`),
    );
    expect(completions.map((c) => Number(c.entity_id)).sort((a, b) => a - b)).toEqual(
      [...runIds].sort((a, b) => a - b),
    );
    expect(completions.every((c) => c.n === 1)).toBe(true);

    // One pg-boss job per run, completed, never retried.
    const jobs = rows<{ state: string; retry_count: number; run: number }>(
      await db.execute(sql`select j.state, j.retry_count, r.sim_run_id as run from pgboss.job j
        join simulation_runs r on r.job_id = j.id::text where j.name = 'simulation-run'`),
    );
    expect(jobs).toHaveLength(RUNS);
    expect(jobs.every((j) => j.state === 'completed' && j.retry_count === 0)).toBe(true);

    // Both workers took runs, and together they executed each run once.
    const executed = workers.map((w) => w.output.filter((l) => / completed$/.test(l)).length);
    expect(executed.every((n) => n > 0)).toBe(true);
    expect(executed.reduce((a, b) => a + b, 0)).toBe(RUNS);
    expect(workers.flatMap((w) => w.output.filter((l) => / skipped$/.test(l)))).toEqual([]);
  }, 300_000);
});
