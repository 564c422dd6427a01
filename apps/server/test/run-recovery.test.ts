import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulationRuns, studyPlans } from '../src/db/schema';
import type { EngineRunner } from '../src/jobs/run-engine';
import { postgresRunHolds, processRunHolds } from '../src/jobs/run-holds';
import { startSimulationRuns } from '../src/jobs/simulation-runs';
import { executeSimulationRun, RunLeasedError } from '../src/services/runs/execute-simulation-run';
import { sweepStuckRuns } from '../src/services/runs/sweep-stuck-runs';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { addPlanCountry, auditOf, storeDates } from './helpers/run-fixtures';

/**
 * A worker killed during a run (kill -9: no clean-up) leaves its run RUNNING or PROCESSING with a lease that has
 * not lapsed yet, and its pg-boss job active. The next worker to start (or the next sweep of a live one) finds
 * that nobody holds the run any more, requeues the job at once, and the run is taken over and finishes; a live
 * worker's run is never taken over. The clock is not waited on: the dead worker's state is written directly.
 */
let t: TestApp;
let planner: Record<string, string>;
let studyId: number;
let plans = 0;
const executed: number[] = [];
// Stands in for the engine: the recovery is what is tested, not the simulation.
const engine: EngineRunner = {
  async run(_raw, o) {
    o.onProgress(o.replications, o.replications);
    return { ok: true, sets: { summaryTable: [] } };
  },
};

beforeAll(async () => {
  // The API only queues runs here: no worker takes a job until a test starts one.
  t = await createTestApp({ RUN_WORKERS: 'false' });
  planner = bearer(await t.token('planner'));
  [studyId] = (await addStudies(t, 'RECOVER-0001')) as [number];
}, 120_000);
afterAll(async () => t?.close());

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const runRow = async (id: number) =>
  (await t.database.db.select().from(simulationRuns).where(eq(simulationRuns.simRunId, id)))[0]!;
const jobOf = async (jobId: string) =>
  rows<{ state: string; retry_count: number }>(
    await t.database.db.execute(
      sql`select state, retry_count from pgboss.job where id = ${jobId}::uuid
          union all select state, retry_count from pgboss.archive where id = ${jobId}::uuid`,
    ),
  )[0];

/** Requests a run through the API: recorded as REQUESTING and its job queued. */
async function requestRun() {
  plans += 1;
  const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: `Recovered ${plans}` }));
  await addPlanCountry(t, plan.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 6 });
  await storeDates(t, plan.id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/ctpo/runsimulation',
    headers: planner,
    payload: { studyPlanId: plan.id },
  });
  expect(res.statusCode).toBe(201);
  return runRow(res.json().simOptRunId as number);
}

/** What a worker killed mid-run leaves: its job fetched (active), the run claimed by it and touched just now. */
async function killedMidRun(simRunId: number, jobId: string, retryCount = 0) {
  await t.database.db.execute(
    sql`update pgboss.job set state = 'active', started_on = now() - interval '2 seconds',
        retry_count = ${retryCount} where id = ${jobId}::uuid`,
  );
  await t.database.db
    .update(simulationRuns)
    .set({
      status: 'PROCESSING',
      message: 'Simulation is processing...',
      detail: '500 of 2,000 replications',
      startedAt: sql`date_trunc('milliseconds', now() - interval '1 second')`,
      updatedAt: sql`now()`,
    })
    .where(eq(simulationRuns.simRunId, simRunId));
}

/** Starts a worker process's runs (its start-up sweep first) and waits for the run to finish (or throws). */
async function restartWorkersUntilDone(simRunId: number) {
  const runs = await startSimulationRuns({
    database: t.database,
    ...(t.app.env.DATABASE_URL ? { url: t.app.env.DATABASE_URL } : {}),
    workers: true,
    threads: 1,
    engine: {
      run: (raw, o) => {
        executed.push(simRunId);
        return engine.run(raw, o);
      },
    },
    log: { info: () => undefined, error: () => undefined },
    timing: { pollingIntervalSeconds: 0.5 },
    // No lease lapses and no periodic sweep while the test waits: only the start-up sweep can recover the run.
    leaseSeconds: 3600,
    sweepIntervalSeconds: 3600,
  });
  try {
    for (let i = 0; i < 600; i++) {
      const row = await runRow(simRunId);
      if (!['REQUESTING', 'RUNNING', 'PROCESSING'].includes(row.status)) return row;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`run ${simRunId} did not finish`);
  } finally {
    await runs.stop();
  }
}

describe('recovery of a run whose worker was killed', () => {
  it('requeues the job at start-up and completes the run once, though its lease has not lapsed', async () => {
    const run = await requestRun();
    await killedMidRun(run.simRunId, run.jobId!);

    const done = await restartWorkersUntilDone(run.simRunId);
    expect(done).toMatchObject({ status: 'COMPLETED_OK', message: 'Simulation completed.' });
    expect(executed.filter((id) => id === run.simRunId)).toHaveLength(1);
    // The retry took it over: one more fetch of the same job, which then completed.
    expect(await jobOf(run.jobId!)).toEqual({ state: 'completed', retry_count: 1 });
    const audit = await auditOf(t, 'simulation_run', run.simRunId);
    expect(audit.map((a) => a.action)).toEqual(['create', 'status']);
    const [plan] = await t.database.db
      .select()
      .from(studyPlans)
      .where(eq(studyPlans.studyPlanId, run.studyPlanId));
    expect(plan).toMatchObject({ simOptRunStatus: 'COMPLETED_OK' });
  }, 120_000);

  it('fails the run cleanly, with the interrupted message, when the job has no retry left', async () => {
    const run = await requestRun();
    await killedMidRun(run.simRunId, run.jobId!, t.app.runQueue.timing.retryLimit);

    const done = await restartWorkersUntilDone(run.simRunId);
    expect(done).toMatchObject({
      status: 'TEMPORARY_PROBLEM',
      message: 'The simulation was interrupted. Please run it again.',
      finishedAt: expect.any(Date),
    });
    expect((await jobOf(run.jobId!))?.state).toBe('failed');
    const audit = await auditOf(t, 'simulation_run', run.simRunId);
    expect(audit.map((a) => a.action)).toEqual(['create', 'status']);
    expect(audit[1]).toMatchObject({ new_values: { status: 'TEMPORARY_PROBLEM' } });
  }, 120_000);

  it('queues again a run recorded but never queued (the server died in between), once its lease lapsed', async () => {
    const run = await requestRun();
    await t.database.db.execute(sql`delete from pgboss.job where id = ${run.jobId}::uuid`);
    const jobId = randomUUID();
    await t.database.db
      .update(simulationRuns)
      .set({ jobId, updatedAt: sql`now() - interval '2 hours'` })
      .where(eq(simulationRuns.simRunId, run.simRunId));

    const done = await restartWorkersUntilDone(run.simRunId);
    expect(done.status).toBe('COMPLETED_OK');
    expect((await jobOf(jobId))?.state).toBe('completed');
  }, 120_000);

  it('never takes over the run of a live worker, and takes over one whose lease lapsed', async () => {
    const run = await requestRun();
    await killedMidRun(run.simRunId, run.jobId!);
    const holds = processRunHolds();
    // A live worker holds the run (it heartbeats it too: the lease is fresh).
    expect(await holds.take(run.simRunId)).toBe(true);
    const queue = t.app.runQueue;
    const deps = { db: t.database.db, queue, holds };
    expect(await sweepStuckRuns(deps)).toEqual({ requeued: [], failed: [] });
    expect((await jobOf(run.jobId!))?.state).toBe('active');
    // Its job, fetched again by another worker, waits rather than running the simulation twice.
    await expect(
      executeSimulationRun({ db: t.database.db, engine, holds }, run.simRunId),
    ).rejects.toBeInstanceOf(RunLeasedError);
    expect(
      await executeSimulationRun({ db: t.database.db, engine }, run.simRunId).catch((e) => e),
    ).toBeInstanceOf(RunLeasedError);
    expect((await runRow(run.simRunId)).status).toBe('PROCESSING');

    // Without holds (a machine lost with its connections), the lease decides: fresh, the run is left alone...
    expect(await sweepStuckRuns({ db: t.database.db, queue })).toEqual({ requeued: [], failed: [] });
    // ...lapsed, its job is requeued.
    await t.database.db
      .update(simulationRuns)
      .set({ updatedAt: sql`now() - interval '2 hours'` })
      .where(eq(simulationRuns.simRunId, run.simRunId));
    expect(await sweepStuckRuns({ db: t.database.db, queue })).toEqual({
      requeued: [run.simRunId],
      failed: [],
    });
    expect((await jobOf(run.jobId!))?.state).toBe('created');
    await holds.release(run.simRunId);
    expect((await restartWorkersUntilDone(run.simRunId)).status).toBe('COMPLETED_OK');
  }, 120_000);
});

const pgUrl = process.env.PREDICT_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!pgUrl)('run holds on PostgreSQL (skipped without PREDICT_TEST_DB=postgres)', () => {
  it('are held across processes and released when the holder connection dies', async () => {
    const url = t.app.env.DATABASE_URL!;
    const a = postgresRunHolds(url);
    const b = postgresRunHolds(url);
    try {
      expect(await a.take(424242)).toBe(true);
      expect(await a.isFree(424242)).toBe(false);
      expect(await b.isFree(424242)).toBe(false);
      expect(await b.take(424242)).toBe(false);
      // The holder's connection closes as a killed process's does.
      await a.close();
      expect(await b.isFree(424242)).toBe(true);
      expect(await b.take(424242)).toBe(true);
      await b.release(424242);
      expect(await a.isFree(424242)).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
