/**
 * `npm run bench:load`: every main read route under load (autocannon, 50 connections for 10 s each) against the
 * real server (buildApp + listen on a loopback port) with the demo data seeded, on PostgreSQL by default. The load
 * client runs in a process of its own (autocannon's CLI), so its work never shares the server's process.
 * Prints route, req/s, p50, p97.5, p99 and non-2xx, and exits 1 when a route's p99 is above the target or a
 * route answered anything but 2xx.
 *
 * Settings (environment):
 *   BENCH_DB             postgres (default) or pglite (the embedded shape, for comparison)
 *   BENCH_DATABASE_URL   PostgreSQL server to create a scratch database on (else TEST_DATABASE_URL, else
 *                        postgres://postgres@127.0.0.1:5432/test); the scratch database is dropped afterwards
 *   BENCH_SECONDS        seconds per route (10)
 *   BENCH_CONNECTIONS    concurrent connections (50)
 *   BENCH_P99_MS         the p99 target in ms (200)
 *   BENCH_ONLY           only routes whose name contains this text (e.g. "result")
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import type autocannon from 'autocannon';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { RESULT_SET_PATHS, resultSetUrl, type ResultSetName } from '@predict/shared';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import {
  ctmsExtracts,
  schedulesOfEvents,
  simulationResultSets,
  simulationRuns,
  studyPlanCohorts,
  studyPlanSiteGroups,
  studyPlans,
} from '../src/db/schema';
import { seedDemoData } from '../src/seed/seed-demo-data';
import { loadEnv } from '../src/env';
import { createScratchDatabase } from '../test/helpers/scratch-postgres';

const SHAPE = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const BASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const P99_MS = Number(process.env.BENCH_P99_MS ?? 200);
const ONLY = process.env.BENCH_ONLY ?? '';

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The demo rows the routes read: the study with most plans, the largest plan, plans with finished runs. */
async function pickTargets(db: Database['db']): Promise<Target[]> {
  const [study] = await db
    .select({ id: studyPlans.studyId, n: count() })
    .from(studyPlans)
    .where(isNull(studyPlans.deletedAt))
    .groupBy(studyPlans.studyId)
    .orderBy(desc(count()))
    .limit(1);
  const [largest] = await db
    .select({ id: studyPlanSiteGroups.studyPlanId, n: count() })
    .from(studyPlanSiteGroups)
    .groupBy(studyPlanSiteGroups.studyPlanId)
    .orderBy(desc(count()))
    .limit(1);
  const [cohortPlan] = await db
    .select({ id: studyPlanCohorts.studyPlanId })
    .from(studyPlanCohorts)
    .groupBy(studyPlanCohorts.studyPlanId)
    .limit(1);
  const [soeStudy] = await db
    .select({ id: schedulesOfEvents.studyId })
    .from(schedulesOfEvents)
    .groupBy(schedulesOfEvents.studyId)
    .orderBy(desc(count()))
    .limit(1);
  // A demo SOE whose linked plan has a finished run (the melanoma SOE): its editor reads and its forecast.
  const [soe] = await db
    .select({ id: schedulesOfEvents.soeId })
    .from(schedulesOfEvents)
    .innerJoin(simulationRuns, eq(simulationRuns.studyPlanId, schedulesOfEvents.studyPlanId))
    .where(and(isNull(schedulesOfEvents.deletedAt), eq(simulationRuns.status, 'COMPLETED_OK')))
    .orderBy(schedulesOfEvents.soeId)
    .limit(1);
  // Each set from the finished run that stores it with the most bytes (the cohort sets come from a cohort plan).
  const sets = await db
    .select({
      planId: simulationRuns.studyPlanId,
      setName: simulationResultSets.setName,
      bytes: sql<number>`octet_length(${simulationResultSets.payload}::text)`.mapWith(Number),
    })
    .from(simulationResultSets)
    .innerJoin(simulationRuns, eq(simulationRuns.simRunId, simulationResultSets.simRunId))
    .where(and(eq(simulationRuns.status, 'COMPLETED_OK')));
  // The demo study with the largest CTMS extract: Study Actuals, its site lists and the remodel form.
  const [actuals] = await db
    .select({ id: ctmsExtracts.studyId })
    .from(ctmsExtracts)
    .orderBy(desc(ctmsExtracts.siteMonthCount))
    .limit(1);
  if (!study || !largest || !cohortPlan || !soeStudy || !soe || !actuals || sets.length === 0) {
    throw new Error('The demo data has no plans, cohorts, SOEs, extracts or finished runs: was it seeded?');
  }
  const bestPlanForSet = new Map<string, { planId: number; bytes: number }>();
  for (const s of sets) {
    const best = bestPlanForSet.get(s.setName);
    if (!best || s.bytes > best.bytes) bestPlanForSet.set(s.setName, { planId: s.planId, bytes: s.bytes });
  }
  const runPlanId = bestPlanForSet.get('summaryTable')!.planId;
  const resultTargets = (Object.keys(RESULT_SET_PATHS) as ResultSetName[])
    .filter((name) => bestPlanForSet.has(name))
    .map((name) => {
      const { planId, bytes } = bestPlanForSet.get(name)!;
      return {
        name: `result ${name} (${Math.round(bytes / 1024)} kB)`,
        method: 'GET' as const,
        path: resultSetUrl(name, planId),
      };
    });
  const get = (name: string, path: string): Target => ({ name, method: 'GET', path });
  return [
    get('study list', '/ctpo/studies?page=0&pageSize=25'),
    get('study list: search', '/ctpo/studies?search=onc&page=0&pageSize=10'),
    get('study detail', `/ctpo/study/${study.id}`),
    get('plans of a study', `/ctpo/plans/study/${study.id}`),
    get(`plan detail, ${largest.n} countries (step 1 + 2)`, `/ctpo/plan/${largest.id}`),
    get('plan detail, finished run', `/ctpo/plan/${runPlanId}`),
    get('plan validation (review)', `/ctpo/plan/${largest.id}/validation`),
    get('simulation status', `/ctpo/simulation/status/plan/${runPlanId}`),
    get('cohorts', `/ctpo/cohort/plan/${cohortPlan.id}`),
    get('CTIS rows', `/ctpo/ctis/plan/${largest.id}`),
    ...resultTargets,
    get('reference: countries', '/ctpo/countries'),
    get('reference: site groups', '/ctpo/sitegroups'),
    get('quick links', '/ctpo/quickLinks'),
    { name: 'current user (POST /ctpo/login)', method: 'POST', path: '/ctpo/login' },
    get('SOE list', `/ctpo/soe/study/${soeStudy.id}`),
    ...[
      '',
      '/visits',
      '/assessments',
      '/mapping',
      '/sitegroups',
      '/riskassessments',
      '/visitsamplingstrategy',
    ].map((read) => get(`SOE editor read ${read || '(the SOE)'}`, `/ctpo/soe/${soe.id}${read}`)),
    ...['/summary', '/detail', '/rfp/summary', '/rfp/detail', '/forecast/chart'].map((call) =>
      get(`SOE forecast ${call}`, `/ctpo/soe/${soe.id}${call}`),
    ),
    get('Study Actuals', `/ctpo/actuals/study/${actuals.id}`),
    get('site list: included', `/ctpo/remodel/study/${actuals.id}/sites/included`),
    get('site list: not included', `/ctpo/remodel/study/${actuals.id}/sites/notincluded`),
    get('remodel form', `/ctpo/remodel/study/${actuals.id}`),
  ];
}

async function openBenchDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (SHAPE === 'pglite') {
    return { database: await openDatabase({ dataDir: 'memory' }), drop: async () => undefined };
  }
  const scratch = await createScratchDatabase(BASE_URL, 'predict_load');
  return {
    database: await openDatabase({ url: scratch.url, dataDir: 'memory' }),
    url: scratch.url,
    drop: scratch.drop,
  };
}

const AUTOCANNON_CLI = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** One route under load from autocannon's CLI in a child process (its JSON result on stdout). */
function runAutocannon(address: string, token: string, target: Target): Promise<autocannon.Result> {
  const args = [
    AUTOCANNON_CLI,
    '--json',
    '--connections',
    String(CONNECTIONS),
    '--duration',
    String(SECONDS),
    '--method',
    target.method,
    '--headers',
    `authorization=Bearer ${token}`,
    '--headers',
    'accept=application/json',
    `${address}${target.path}`,
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) => {
      if (err) reject(err);
      else resolve(JSON.parse(stdout) as autocannon.Result);
    });
  });
}

async function main(): Promise<number> {
  const { database, url, drop } = await openBenchDatabase();
  try {
    await database.migrate();
    const t0 = performance.now();
    await seedDemoData(database.db);
    console.log(`Seeded the demo data in ${((performance.now() - t0) / 1000).toFixed(1)} s (${SHAPE}).`);
    const env = loadEnv({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      WEB_DIST: '',
      RUN_WORKERS: 'false',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...(url ? { DATABASE_URL: url } : {}),
    });
    const app = await buildApp({ env, database });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const token = await app.auth.issueDemoToken!('viewer');
      const targets = (await pickTargets(database.db)).filter((t) => t.name.includes(ONLY));
      // One call each first: a wrong path fails here rather than as a table of 404s.
      for (const t of targets) {
        const res = await fetch(`${address}${t.path}`, {
          method: t.method,
          headers: { authorization: `Bearer ${token}` },
        });
        if (!res.ok) throw new Error(`${t.name}: ${t.method} ${t.path} answered ${res.status}`);
        await res.arrayBuffer();
      }
      console.log(
        `\n${SHAPE}, ${CONNECTIONS} connections, ${SECONDS} s per route, target p99 <= ${P99_MS} ms; ` +
          `load average before: ${load()}\n`,
      );
      console.log('| route | req/s | p50 ms | p97.5 ms | p99 ms | non-2xx |');
      console.log('|---|---|---|---|---|---|');
      const failed: string[] = [];
      for (const t of targets) {
        const r = await runAutocannon(address, token, t);
        const bad = r.non2xx + r.errors + r.timeouts;
        const over = r.latency.p99 > P99_MS;
        if (over || bad > 0) failed.push(t.name);
        console.log(
          `| ${t.name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p97_5} | ` +
            `${r.latency.p99}${over ? ' (over)' : ''} | ${bad} |`,
        );
      }
      console.log(`\nLoad average after: ${load()}`);
      if (failed.length > 0) {
        console.log(`Over the target or not 2xx: ${failed.join(', ')}`);
        return 1;
      }
      console.log(`Every route: p99 <= ${P99_MS} ms, only 2xx.`);
      return 0;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}

process.exit(await main());
