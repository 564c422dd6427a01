import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulate } from '@predict/engine';
import { loadExample, type ExampleName } from '@predict/engine/examples';
import { COHORT_RESULT_SETS, COMBINATION_RESULT_SETS, ORDINARY_RESULT_SETS } from '@predict/shared';
import { simulationResultSets, simulationRuns, studyPlans } from '../src/db/schema';
import { startEnginePool, type EnginePool } from '../src/jobs/engine-pool';
import { poolEngine, threadRanges, type EngineRunner } from '../src/jobs/run-engine';
import { findResultSet } from '../src/repositories/simulation-results-repository';
import {
  executeSimulationRun,
  RunLeasedError,
  type ExecuteRunDeps,
} from '../src/services/runs/execute-simulation-run';
import { sweepStuckRuns } from '../src/services/runs/sweep-stuck-runs';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { addPlanCountry, auditOf, storeDates } from './helpers/run-fixtures';

const example = (name: ExampleName): unknown => loadExample(name);

let t: TestApp;
let pool: EnginePool;
let deps: ExecuteRunDeps;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let plans = 0;

beforeAll(async () => {
  // The app runs its own workers (the embedded shape) on two threads.
  t = await createTestApp({ RUN_WORKERS: 'true', WORKER_THREADS: '2' });
  pool = await startEnginePool(2);
  deps = { db: t.database.db, engine: poolEngine(pool) };
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'SIM-0001')) as [number];
}, 120_000);
afterAll(async () => {
  await pool?.close();
  await t?.close();
});

async function newPlan(countries = false) {
  plans += 1;
  const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: `Sim plan ${plans}` }));
  if (countries) {
    await addPlanCountry(t, plan.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 10 });
    await addPlanCountry(t, plan.id, 1, { iso3: 'NLD', name: 'Netherlands', eu: true, sites: 8 });
    await storeDates(t, plan.id);
  }
  return plan;
}

/** A run recorded directly (no job), for the handler to execute. */
async function recordRun(inputs: unknown, values: Partial<typeof simulationRuns.$inferInsert> = {}) {
  const plan = await newPlan();
  const [run] = await t.database.db
    .insert(simulationRuns)
    .values({
      studyPlanId: plan.id,
      status: 'REQUESTING',
      message: 'Requesting...',
      seed: 7,
      replications: 400,
      engineVersion: 'test',
      inputs,
      requestedByIssuer: 'test',
      requestedBySubject: 'test',
      requestedBy: 'Test',
      ...values,
    })
    .returning();
  return run!;
}

const runRow = async (simRunId: number) =>
  (await t.database.db.select().from(simulationRuns).where(eq(simulationRuns.simRunId, simRunId)))[0]!;
const setsOf = async (simRunId: number) =>
  t.database.db.select().from(simulationResultSets).where(eq(simulationResultSets.simRunId, simRunId));
const planOf = async (planId: number) =>
  (await t.database.db.select().from(studyPlans).where(eq(studyPlans.studyPlanId, planId)))[0]!;

async function waitForEnd(planId: number, seen: string[]) {
  for (let i = 0; i < 600; i++) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/ctpo/simulation/status/plan/${planId}`,
      headers: viewer,
    });
    const status = res.json() as { simOptRunStatus: string; simOptRunMsg: string; simOptRunDetail: string };
    if (seen.at(-1) !== status.simOptRunStatus) seen.push(status.simOptRunStatus);
    if (!['REQUESTING', 'RUNNING', 'PROCESSING'].includes(status.simOptRunStatus)) return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the run did not finish in 60 s');
}

describe('simulation runs on the embedded database (PGlite)', () => {
  it('runs a requested plan through the queue to COMPLETED_OK and stores its 13 result sets once', async () => {
    const plan = await newPlan(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/ctpo/runsimulation',
      headers: planner,
      payload: { studyPlanId: plan.id },
    });
    expect(res.statusCode).toBe(201);
    const { simOptRunId, simOptRunStatus } = res.json();
    expect(simOptRunStatus).toBe('REQUESTING');

    const seen = ['REQUESTING'];
    const end = await waitForEnd(plan.id, seen);
    expect(end).toEqual({
      simOptRunId,
      simOptRunStatus: 'COMPLETED_OK',
      simOptRunMsg: 'Simulation completed.',
      simOptRunDetail: null,
    });
    // Every status seen went forward (polling may miss the short ones).
    const order = ['REQUESTING', 'RUNNING', 'PROCESSING', 'COMPLETED_OK'];
    expect(seen.map((s) => order.indexOf(s))).toEqual([...seen.map((s) => order.indexOf(s))].sort());

    const run = await runRow(simOptRunId);
    expect(run).toMatchObject({
      replications: 2000,
      startedAt: expect.any(Date),
      finishedAt: expect.any(Date),
    });
    expect(run.engineVersion).toMatch(/^@predict\/engine@/);
    const sets = await setsOf(simOptRunId);
    expect(sets.map((s) => s.setName).sort()).toEqual([...ORDINARY_RESULT_SETS].sort());
    const summary = (await findResultSet(t.database.db, plan.id, 'summaryTable')) as {
      siteGroupName: string;
    }[];
    expect(summary.map((r) => r.siteGroupName)).toEqual(expect.arrayContaining(['Germany', 'Netherlands']));
    const enrollment = (await findResultSet(t.database.db, plan.id, 'enrollmentTable')) as { P50: unknown }[];
    expect(enrollment.some((r) => r.P50 !== null)).toBe(true);

    expect(await planOf(plan.id)).toMatchObject({
      simOptRunId: String(simOptRunId),
      simOptRunStatus: 'COMPLETED_OK',
      simOptRunMsg: 'Simulation completed.',
    });
    const audit = await auditOf(t, 'simulation_run', simOptRunId);
    expect(audit.map((a) => a.action)).toEqual(['create', 'status']);

    // The job is completed once; running it again changes nothing.
    const jobs = await t.database.db.execute(
      sql`select state from pgboss.job where name = 'simulation-run' and id = ${run.jobId}::uuid`,
    );
    expect((jobs as unknown as { rows: { state: string }[] }).rows).toEqual([{ state: 'completed' }]);
    expect(await executeSimulationRun(deps, simOptRunId)).toBe('skipped');
    expect(await setsOf(simOptRunId)).toHaveLength(13);

    // A new run of the plan may be requested once the last one has finished.
    const again = await t.app.inject({
      method: 'POST',
      url: '/ctpo/runsimulation',
      headers: planner,
      payload: { studyPlanId: plan.id },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().simOptRunId).not.toBe(simOptRunId);
    await waitForEnd(plan.id, []);
  }, 120_000);

  it('merges the threads exactly: the sets equal the engine CLI single-thread run for the same seed', async () => {
    const run = await recordRun(example('w1'), { seed: 11, replications: 600 });
    expect(await executeSimulationRun(deps, run.simRunId)).toBe('completed');
    const cli = simulate(example('w1'), { seed: 11, replications: 600 });
    if (!cli.ok) throw new Error('w1 is valid');
    const expected = JSON.parse(JSON.stringify(cli.output.resultSets)) as Record<string, unknown>;
    const stored = Object.fromEntries((await setsOf(run.simRunId)).map((s) => [s.setName, s.payload]));
    expect(stored).toEqual(expected);
  }, 60_000);

  it('stores the 20 result sets of a sequential cohort plan', async () => {
    const run = await recordRun(example('cohort'));
    expect(await executeSimulationRun(deps, run.simRunId)).toBe('completed');
    const names = (await setsOf(run.simRunId)).map((s) => s.setName).sort();
    expect(names).toEqual([...ORDINARY_RESULT_SETS, ...COHORT_RESULT_SETS].sort());
  }, 60_000);

  it('runs a scenario B (Duration) plan and a combination input', async () => {
    for (const name of ['scenario-b', 'combination'] as const) {
      const run = await recordRun(example(name), { replications: 200 });
      expect(await executeSimulationRun(deps, run.simRunId)).toBe('completed');
      // A combination has its Timeline Overview too.
      const sets = name === 'combination' ? COMBINATION_RESULT_SETS : ORDINARY_RESULT_SETS;
      expect((await setsOf(run.simRunId)).map((s) => s.setName).sort()).toEqual([...sets].sort());
    }
  }, 120_000);

  it('reports RUNNING, then PROCESSING with the replications done as the ranges finish', async () => {
    const run = await recordRun(example('w1'));
    const inner = poolEngine(pool);
    const observed: Partial<typeof run>[] = [];
    const until = async (detail: string) => {
      for (let i = 0; i < 100; i++) {
        const row = await runRow(run.simRunId);
        if (row.detail === detail) return row;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no detail ${detail}`);
    };
    const engine: EngineRunner = {
      async run(raw, o) {
        observed.push(await runRow(run.simRunId));
        for (const done of [0, 200]) {
          o.onProgress(done, 400);
          observed.push(await until(`${done} of 400 replications`));
        }
        return inner.run(raw, o);
      },
    };
    expect(await executeSimulationRun({ ...deps, engine }, run.simRunId)).toBe('completed');
    expect(observed.map(({ status, message, detail }) => ({ status, message, detail }))).toEqual([
      { status: 'RUNNING', message: 'Simulation is running...', detail: null },
      { status: 'PROCESSING', message: 'Simulation is processing...', detail: '0 of 400 replications' },
      { status: 'PROCESSING', message: 'Simulation is processing...', detail: '200 of 400 replications' },
    ]);
    expect(threadRanges(2000, 2)).toEqual([
      { from: 0, to: 500 },
      { from: 500, to: 1000 },
      { from: 1000, to: 1500 },
      { from: 1500, to: 2000 },
    ]);
  }, 60_000);

  it('fails an input the engine refuses as BAD_REQUEST with the reasons', async () => {
    const run = await recordRun({ plan: { studyPlanType: 1 }, siteGroups: [] });
    expect(await executeSimulationRun(deps, run.simRunId)).toBe('failed');
    const row = await runRow(run.simRunId);
    expect(row).toMatchObject({ status: 'BAD_REQUEST', message: 'The simulation input is not valid.' });
    expect(row.detail).toMatch(/plan\.croProjectStartDateMillis: /);
    expect(await setsOf(run.simRunId)).toEqual([]);
    expect(await planOf(row.studyPlanId)).toMatchObject({ simOptRunStatus: 'BAD_REQUEST' });
  });

  it('fails a run whose engine throws as INTERNAL_ERROR with the error as detail', async () => {
    const run = await recordRun(example('w1'));
    const engine: EngineRunner = {
      run: () => Promise.reject(new Error('out of memory in the forecast')),
    };
    expect(await executeSimulationRun({ ...deps, engine }, run.simRunId)).toBe('failed');
    expect(await runRow(run.simRunId)).toMatchObject({
      status: 'INTERNAL_ERROR',
      message: 'Simulation failed on an unexpected error.',
      detail: 'out of memory in the forecast',
    });
    expect(await planOf(run.studyPlanId)).toMatchObject({ simOptRunStatus: 'INTERNAL_ERROR' });
  });

  it('waits for a live execution, takes over a dead one, and completes a run once', async () => {
    const fresh = await recordRun(example('w1'), {
      status: 'RUNNING',
      startedAt: new Date(),
    });
    // Held by a live worker (touched just now): the retried job waits (pg-boss retries it later).
    await expect(executeSimulationRun(deps, fresh.simRunId)).rejects.toBeInstanceOf(RunLeasedError);

    const dead = await recordRun(example('w1'), {
      status: 'PROCESSING',
      startedAt: new Date(Date.now() - 600_000),
      updatedAt: new Date(Date.now() - 600_000),
    });
    expect(await executeSimulationRun(deps, dead.simRunId)).toBe('completed');
    expect(await executeSimulationRun(deps, dead.simRunId)).toBe('skipped');
    expect(await setsOf(dead.simRunId)).toHaveLength(13);
  }, 60_000);

  it('sweeps runs left behind by a dead worker whose job is gone, and leaves the others', async () => {
    const old = new Date(Date.now() - 600_000);
    const gone = await recordRun(example('w1'), { status: 'RUNNING', updatedAt: old, jobId: randomUUID() });
    const never = await recordRun(example('w1'), { status: 'NOT_STARTED', updatedAt: old });
    const pending = await recordRun(example('w1'), {
      status: 'PROCESSING',
      updatedAt: old,
      jobId: randomUUID(),
    });
    const live = await recordRun(example('w1'), { status: 'RUNNING', jobId: randomUUID() });
    const queue = {
      ...t.app.runQueue,
      jobState: async (jobId: string) =>
        jobId === pending.jobId
          ? { state: 'retry' as const, retryCount: 1, retryLimit: 4, startedOn: old }
          : null,
    };

    const { failed } = await sweepStuckRuns({ db: t.database.db, queue, leaseSeconds: 60 });
    expect(failed).toEqual(expect.arrayContaining([gone.simRunId, never.simRunId]));
    expect(failed).not.toContain(pending.simRunId);
    expect(failed).not.toContain(live.simRunId);
    expect(await runRow(gone.simRunId)).toMatchObject({
      status: 'TEMPORARY_PROBLEM',
      message: 'The simulation was interrupted. Please run it again.',
    });
    expect(await planOf(gone.studyPlanId)).toMatchObject({ simOptRunStatus: 'TEMPORARY_PROBLEM' });
    expect((await runRow(pending.simRunId)).status).toBe('PROCESSING');
    expect((await runRow(live.simRunId)).status).toBe('RUNNING');
    // With the real queue: a job id the queue never saw is not pending.
    expect(await t.app.runQueue.isPending(randomUUID())).toBe(false);
  });

  it('marks a run TEMPORARY_PROBLEM at once when the queue refuses its job', async () => {
    const plan = await newPlan(true);
    const { requestSimulationRun } = await import('../src/services/runs/request-simulation-run');
    const user = { issuer: 'test', subject: 'p', name: 'Planner', roles: { readOnly: false, admin: false } };
    const refusing = { enqueue: () => Promise.reject(new Error('connection refused')) };
    const answer = await requestSimulationRun(
      t.database.db,
      refusing,
      user as Parameters<typeof requestSimulationRun>[2],
      { studyPlanId: plan.id },
    );
    expect(answer).toMatchObject({
      created: true,
      status: {
        simOptRunStatus: 'TEMPORARY_PROBLEM',
        simOptRunMsg: 'The simulation could not be queued. Please try again.',
        simOptRunDetail: 'connection refused',
      },
    });
    expect(await planOf(plan.id)).toMatchObject({ simOptRunStatus: 'TEMPORARY_PROBLEM' });
  });
});
