/**
 * `npm run bench:runs`: simulation runs of a W2-size plan (40 countries x 10 sites, 2,000 patients; the engine's
 * examples/w2.json as the run's stored input) with 2,000 replications, executed by this process's workers on
 * WORKER_THREADS threads through the real queue and handler: the embedded database by default, PostgreSQL with
 * DATABASE_URL (a scratch database is created next to it and dropped).
 *
 * A run is submitted as POST /ctpo/runsimulation leaves it after validation (the run recorded as REQUESTING with
 * the input, then its job queued); the time is from that submit to COMPLETED_OK with every result set stored.
 * Prints: one run (three times, after a warm-up run), then 10 runs submitted at once against 10 x one run /
 * threads, and the peak RSS of the process (worker threads included).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ENGINE_VERSION } from '@predict/engine';
import { loadExample } from '@predict/engine/examples';
import { SIM_RUN_TEXTS } from '@predict/shared';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client';
import { simulationResultSets, simulationRuns, studies, studyPlans } from '../src/db/schema';
import { insertStudies } from '../src/seed/seed-demo-data';
import { demoData } from '../src/seed/load-demo-data';
import { loadEnv } from '../src/env';
import { startSimulationRuns, type SimulationRuns } from '../src/jobs/simulation-runs';
import { DEFAULT_REPLICATIONS } from '../src/services/runs/request-simulation-run';
import { createScratchDatabase } from '../test/helpers/scratch-postgres';

const w2 = loadExample('w2');
const env = loadEnv();
const threads = env.WORKER_THREADS;

async function addPlans(database: Database, n: number): Promise<number[]> {
  const db = database.db;
  await insertStudies(db, demoData().studies.slice(0, 1), true);
  const [study] = await db.select({ studyId: studies.studyId }).from(studies).limit(1);
  const rows = await db
    .insert(studyPlans)
    .values(
      Array.from({ length: n }, (_, i) => ({
        studyId: study!.studyId,
        studyPlanName: `W2 bench ${i + 1}`,
        studyPlanDescr: 'W2-size plan: 40 countries, 400 sites, 2,000 patients',
        studyPlanType: 1,
        studyPlanTypeDetail: 'Rates',
        createdByIssuer: 'bench',
        createdBySubject: 'bench',
        insertBy: 'Bench',
        updateBy: 'Bench',
      })),
    )
    .returning({ id: studyPlans.studyPlanId });
  return rows.map((r) => r.id);
}

/** Records and queues one run per plan; answers when every run is COMPLETED_OK, in ms from the submit. */
async function runAll(database: Database, runs: SimulationRuns, planIds: number[]): Promise<number[]> {
  const db = database.db;
  const start = performance.now();
  const ids: number[] = [];
  for (const planId of planIds) {
    const [run] = await db
      .insert(simulationRuns)
      .values({
        studyPlanId: planId,
        status: 'REQUESTING',
        message: SIM_RUN_TEXTS.requesting,
        seed: 1,
        replications: DEFAULT_REPLICATIONS,
        engineVersion: ENGINE_VERSION,
        jobId: randomUUID(),
        inputs: w2,
        requestedByIssuer: 'bench',
        requestedBySubject: 'bench',
        requestedBy: 'Bench',
      })
      .returning();
    await runs.queue.enqueue(run!.simRunId, run!.jobId!);
    ids.push(run!.simRunId);
  }
  const done = new Map<number, number>();
  while (done.size < ids.length) {
    const rows = await db
      .select({ id: simulationRuns.simRunId, status: simulationRuns.status, detail: simulationRuns.detail })
      .from(simulationRuns)
      .where(inArray(simulationRuns.simRunId, ids));
    for (const r of rows) {
      if (done.has(r.id) || ['REQUESTING', 'RUNNING', 'PROCESSING'].includes(r.status)) continue;
      if (r.status !== 'COMPLETED_OK') throw new Error(`run ${r.id}: ${r.status} ${r.detail ?? ''}`);
      done.set(r.id, performance.now() - start);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return ids.map((id) => done.get(id)!);
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const scratch = env.DATABASE_URL ? await createScratchDatabase(env.DATABASE_URL, 'predict_bench') : null;
  const database = await openDatabase({ url: scratch?.url, dataDir: 'memory' });
  try {
    await database.migrate();
    const runs = await startSimulationRuns({
      database,
      ...(scratch ? { url: scratch.url } : {}),
      workers: true,
      threads,
      log: { info: () => undefined, error: (m) => console.error(m) },
      // Poll often: the figure is the simulation, not the idle worker's polling interval.
      timing: { pollingIntervalSeconds: 0.5 },
    });
    try {
      const plans = await addPlans(database, 14);
      const startRss = process.memoryUsage().rss / 2 ** 20;
      console.log(
        `W2 (40 countries, 400 sites, 2,000 patients), ${DEFAULT_REPLICATIONS} replications, ${threads} worker ` +
          `thread(s), database: ${database.shape}`,
      );
      const [warm] = await runAll(database, runs, plans.slice(0, 1));
      console.log(`warm-up run: ${s(warm!)}`);
      const singles: number[] = [];
      for (const planId of plans.slice(1, 4)) singles.push(...(await runAll(database, runs, [planId])));
      const one = [...singles].sort((a, b) => a - b)[1]!;
      console.log(`one run, submit to COMPLETED_OK: ${singles.map(s).join(', ')} (median ${s(one)})`);
      const ten = await runAll(database, runs, plans.slice(4, 14));
      const total = Math.max(...ten);
      const ideal = (10 * one) / threads;
      console.log(
        `10 runs at once: all COMPLETED_OK after ${s(total)}; 10 x one run / threads = ${s(ideal)} ` +
          `(ratio ${(total / ideal).toFixed(2)}); first done after ${s(Math.min(...ten))}`,
      );
      const [size] = await database.db
        .select({ bytes: sql<number>`sum(octet_length(${simulationResultSets.payload}::text))::float8` })
        .from(simulationResultSets);
      console.log(`result sets of one run: ${((size?.bytes ?? 0) / 14 / 2 ** 20).toFixed(1)} MB of JSON`);
      const peak = process.resourceUsage().maxRSS / 1024;
      console.log(
        `RSS of this process (main + ${threads} threads): ${startRss.toFixed(0)} MB once started, ` +
          `peak ${peak.toFixed(0)} MB, now ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`,
      );
    } finally {
      await runs.stop();
    }
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

await main();
