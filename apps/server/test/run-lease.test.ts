import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulationRuns } from '../src/db/schema';
import type { EngineRunner } from '../src/jobs/run-engine';
import { startSimulationRuns, type SimulationRuns } from '../src/jobs/simulation-runs';
import { bearer, createTestApp, TEST_DB_SHAPE, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { addPlanCountry, storeDates } from './helpers/run-fixtures';

/**
 * A run that takes longer than its lease keeps it: the executing worker's heartbeat renews the lease, and the
 * stuck-run sweeps of both workers (every half second here) leave a live run alone however long ago its job was
 * fetched. On PostgreSQL two workers share the queue, as two `npm run worker` processes do, each with its own hold
 * connection; on the embedded database the one process's workers (RUNS_PER_PROCESS) do. The lease is 2 s instead of 30 s so that the run outlasts it four times in 8 s.
 */
const LEASE_SECONDS = 2;
// The embedded database belongs to one process (its run holds are that process's), which runs two runs at once.
const WORKERS = TEST_DB_SHAPE === 'postgres' ? ['A', 'B'] : ['A'];
const RUN_MS = 8_000;

let t: TestApp;
let planner: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ RUN_WORKERS: 'false' });
  planner = bearer(await t.token('planner'));
}, 120_000);
afterAll(async () => t?.close());

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe('a run longer than its lease', () => {
  it('keeps its lease while it executes and is executed exactly once', async () => {
    const [studyId] = (await addStudies(t, 'LEASE-0001')) as [number];
    const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Outlasts its lease' }));
    await addPlanCountry(t, plan.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 6 });
    await storeDates(t, plan.id);

    const executions: string[] = [];
    const logged: string[] = [];
    // Stands in for the engine's threads: busy for RUN_MS while the worker's main thread stays free.
    const slowEngine = (worker: string): EngineRunner => ({
      async run(_raw, o) {
        executions.push(worker);
        for (let ms = 0; ms < RUN_MS; ms += 1_000) {
          o.onProgress(Math.floor((ms / RUN_MS) * o.replications), o.replications);
          await new Promise((r) => setTimeout(r, 1_000));
        }
        o.onProgress(o.replications, o.replications);
        return { ok: true, sets: { summaryTable: [] } };
      },
    });
    const workers: SimulationRuns[] = [];
    try {
      for (const name of WORKERS) {
        workers.push(
          await startSimulationRuns({
            database: t.database,
            ...(t.app.env.DATABASE_URL ? { url: t.app.env.DATABASE_URL } : {}),
            workers: true,
            threads: 1,
            engine: slowEngine(name),
            log: { info: (m) => logged.push(m), error: (m) => logged.push(m) },
            timing: { pollingIntervalSeconds: 0.5 },
            leaseSeconds: LEASE_SECONDS,
            sweepIntervalSeconds: 0.5,
          }),
        );
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/ctpo/runsimulation',
        headers: planner,
        payload: { studyPlanId: plan.id },
      });
      expect(res.statusCode).toBe(201);
      const simRunId = res.json().simOptRunId as number;

      // While it executes, its lease is never older than the lease length.
      let oldestLease = 0;
      let run = (
        await t.database.db.select().from(simulationRuns).where(eq(simulationRuns.simRunId, simRunId))
      )[0]!;
      for (let i = 0; i < 600 && !run.finishedAt; i++) {
        const [age] = rows<{ status: string; age: number }>(
          await t.database.db.execute(
            sql`select status, extract(epoch from now() - updated_at)::float8 as age
                from simulation_runs where sim_run_id = ${simRunId}`,
          ),
        );
        if (age && ['RUNNING', 'PROCESSING'].includes(age.status))
          oldestLease = Math.max(oldestLease, age.age);
        await new Promise((r) => setTimeout(r, 100));
        run = (
          await t.database.db.select().from(simulationRuns).where(eq(simulationRuns.simRunId, simRunId))
        )[0]!;
      }

      expect(run.status).toBe('COMPLETED_OK');
      expect(run.finishedAt!.getTime() - run.startedAt!.getTime()).toBeGreaterThan(3 * LEASE_SECONDS * 1000);
      expect(oldestLease).toBeLessThan(LEASE_SECONDS);
      expect(executions).toHaveLength(1);
      // Never requeued, never interrupted: its one job completed on its first fetch.
      expect(logged.filter((m) => /Requeued|interrupted|being executed by another/.test(m))).toEqual([]);
      const jobOf = async () =>
        rows<{ state: string; retry_count: number }>(
          await t.database.db.execute(
            sql`select state, retry_count from pgboss.job where id = ${run.jobId}::uuid`,
          ),
        )[0];
      // pg-boss completes the job just after the handler has finished the run.
      let job = await jobOf();
      for (let i = 0; i < 50 && job?.state === 'active'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        job = await jobOf();
      }
      expect(job).toEqual({ state: 'completed', retry_count: 0 });
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  }, 120_000);
});
