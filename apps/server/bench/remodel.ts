/**
 * `npx tsx apps/server/bench/remodel.ts`: issue 14's remodel figure. A W2-size Baseline Plan (40 countries x 10
 * sites, 2,000 patients enrolled) is made with the demo data's own machinery (created through the plan services,
 * run while seeding, made the Baseline Plan and given a demo CTMS extract two days old), then remodelled as a
 * planner does it: PATCH /ctpo/remodel/study/{id} ('actual' rates, one country removed), POST /ctpo/runsimulation
 * (2,000 replications, this process's run workers) and the status polled until COMPLETED_OK with every result set
 * stored. Prints submit -> results per round (a warm-up first) and the remodel GET p95. PGlite by default,
 * PostgreSQL with BENCH_DB=postgres (a scratch database next to TEST_DATABASE_URL). Target: under 5 s.
 */
import { desc, eq } from 'drizzle-orm';
import { simulate } from '@predict/engine';
import { resultSetUrl, type RemodelFormBody, type RemodelFormData } from '@predict/shared';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { simulationRuns, studies } from '../src/db/schema';
import { DEMO_ACTUALS_STUDY_PLANS } from '../src/seed/demo-actuals';
import { demoData } from '../src/seed/load-demo-data';
import { seedDemoData } from '../src/seed/seed-demo-data';
import { loadEnv } from '../src/env';
import { createScratchDatabase } from '../test/helpers/scratch-postgres';
import { w2Baseline } from './remodel-plan';

const SHAPE = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const BASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = 4;

const pct = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.ceil((p / 100) * list.length) - 1]!;

async function main() {
  // A demo study without plans gets the W2-size baseline (this process's copy of the demo list only).
  const used = new Set(DEMO_ACTUALS_STUDY_PLANS.map((s) => s.projectId));
  const free = demoData().studies.find((s) => !used.has(s.projectId) && !s.enrollmentPlanExists)!;
  DEMO_ACTUALS_STUDY_PLANS.push({ projectId: free.projectId, plans: [w2Baseline()] });

  const scratch = SHAPE === 'postgres' ? await createScratchDatabase(BASE_URL) : null;
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: 'memory',
    PUBLIC_URL: 'http://localhost:8080',
    WEB_DIST: '',
    RUN_WORKERS: 'true',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    let t0 = performance.now();
    // The demo Schedules of Events are seeded last and are no part of a remodel: a failure there (work in
    // progress elsewhere) leaves the plans, runs and extracts this bench needs in place.
    await seedDemoData(database.db).catch((e: Error) => console.warn(`(demo SOE content: ${e.message})`));
    console.log(
      `${SHAPE}: demo data with the W2-size baseline seeded in ${Math.round(performance.now() - t0)} ms`,
    );
    const app = await buildApp({ env, database });
    await app.ready();
    const headers = { authorization: `Bearer ${await app.auth.issueDemoToken!('planner')}` };
    const [study] = await database.db.select().from(studies).where(eq(studies.projectId, free.projectId));
    const studyId = study!.studyId;
    const form = await app.inject({ url: `/ctpo/remodel/study/${studyId}`, headers });
    if (form.statusCode !== 200) throw new Error(`remodel GET: ${form.body.slice(0, 300)}`);
    const v = form.json() as RemodelFormData;
    const removable = v.siteGroups.find((g) => g.canRemove);
    console.log(
      `baseline ${v.baselineStudyPlanName}: ${v.siteGroups.length} countries, ${v.enrollPatientsPlanned} enrolled planned, ` +
        `${v.enrollPatientsActual} so far (as of ${v.asOfDate}); removing ${removable?.siteGroupName ?? 'none'}`,
    );
    const getTimes: number[] = [];
    for (let i = 0; i < 30; i++) {
      t0 = performance.now();
      await app.inject({ url: `/ctpo/remodel/study/${studyId}`, headers });
      getTimes.push(performance.now() - t0);
    }
    console.log(
      `  GET remodel form values: p50 ${pct(getTimes, 50).toFixed(1)} ms, p95 ${pct(getTimes, 95).toFixed(1)} ms`,
    );

    const totals: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const body: RemodelFormBody = {
        studyPlanName: `Bench remodel ${round}`,
        studyPlanDescr: 'Actual rates, one country removed',
        studyPlanType: 1,
        enrollmentRateSelection: 2,
        overallEnrollmentDurationSelection: 1,
        screenPatientsReModel: String(v.screenPatientsPlanned),
        enrollPatientsReModel: String(v.enrollPatientsPlanned),
        completePatientsReModel: String(v.completePatientsPlanned),
        siteGroups: v.siteGroups
          .filter((g) => g !== removable)
          .map((g) => ({ siteGroupName: g.siteGroupName, enrollmentRateSelection: 1, sitesSelection: 1 })),
      };
      t0 = performance.now();
      const patch = await app.inject({
        method: 'PATCH',
        url: `/ctpo/remodel/study/${studyId}`,
        headers,
        payload: body,
      });
      if (patch.statusCode !== 201) throw new Error(`PATCH: ${patch.body.slice(0, 500)}`);
      const patchMs = performance.now() - t0;
      const [{ studyPlanId }] = patch.json() as [{ studyPlanId: number }];
      const run = await app.inject({
        method: 'POST',
        url: '/ctpo/runsimulation',
        headers,
        payload: { studyPlanId },
      });
      if (run.statusCode >= 300) throw new Error(`run: ${run.body.slice(0, 500)}`);
      let status = '';
      while (!['COMPLETED_OK', 'FAILED', 'COMPLETED_ERROR'].includes(status)) {
        await new Promise((r) => setTimeout(r, 20));
        const st = await app.inject({ url: `/ctpo/simulation/status/plan/${studyPlanId}`, headers });
        status = (st.json() as { simOptRunStatus: string }).simOptRunStatus;
      }
      const total = performance.now() - t0;
      if (status !== 'COMPLETED_OK') throw new Error(`run ended ${status}`);
      const summary = await app.inject({ url: resultSetUrl('summaryTable', studyPlanId), headers });
      const goForward = summary.statusCode === 200 && summary.body.includes('Enrollment Rate Go Forward');
      console.log(
        `  ${round === 0 ? 'warm-up' : `round ${round}`}: PATCH ${patchMs.toFixed(0)} ms, submit -> results ` +
          `${(total / 1000).toFixed(2)} s (Go Forward columns: ${goForward ? 'yes' : 'no'})`,
      );
      if (round > 0) totals.push(total);
    }
    console.log(
      `remodel submit -> results (${ROUNDS} rounds): median ${(pct(totals, 50) / 1000).toFixed(2)} s, ` +
        `max ${(Math.max(...totals) / 1000).toFixed(2)} s`,
    );
    // The engine's share, on this thread: the last remodel's stored input, and the same plan without its actuals.
    const [last] = await database.db
      .select({ inputs: simulationRuns.inputs })
      .from(simulationRuns)
      .orderBy(desc(simulationRuns.simRunId))
      .limit(1);
    const raw = last!.inputs as { remodel?: unknown; siteGroups: Record<string, unknown>[] };
    const plain = {
      ...raw,
      remodel: undefined,
      siteGroups: raw.siteGroups.map((g) => ({ ...g, actuals: undefined })),
    };
    for (const [label, input] of [
      ['remodel', raw],
      ['same plan, no actuals', plain],
    ] as const) {
      t0 = performance.now();
      const out = simulate(JSON.parse(JSON.stringify(input)), { seed: 1, replications: 2_000 });
      if (!out.ok) throw new Error(`${label}: ${JSON.stringify(out.errors).slice(0, 300)}`);
      console.log(`  engine, one thread, ${label}: ${((performance.now() - t0) / 1000).toFixed(2)} s`);
    }
    await app.close();
    await app.auth.close();
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

await main();
