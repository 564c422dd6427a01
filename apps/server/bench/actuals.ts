/**
 * `npx tsx apps/server/bench/actuals.ts`: issue 14's actuals figures. On a scratch PostgreSQL database (BENCH_DB=pglite
 * for the embedded shape) with the demo data: a 400-site x 36-month extract (14,400 site months) loaded through
 * POST /ctpo/study/{studyId}/CtmsExtract, then GET actuals (cached and recomputed by loadactuals) and both site
 * lists, sequentially, printing p50 / p95 per route. Targets: load under 5 s, reads p95 under 100 ms.
 */
import { eq } from 'drizzle-orm';
import type { ActualsResponse, CtmsExtractBodyInput } from '@predict/shared';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { studies } from '../src/db/schema';
import { DEMO_ACTUALS_STUDY_PLANS } from '../src/seed/demo-actuals';
import { seedDemoData } from '../src/seed/seed-demo-data';
import { loadEnv } from '../src/env';
import { createScratchDatabase } from '../test/helpers/scratch-postgres';

const SHAPE = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const BASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const SITES = 400;
const MONTHS = 36;
const ROUNDS = 50;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 400 sites over the study's countries, each with 36 months of counts. */
function bigExtract(countries: string[], now: number): CtmsExtractBodyInput {
  const start = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - MONTHS + 1, 1);
  const sites = Array.from({ length: SITES }, (_, i) => ({
    siteNumber: `B-${1000 + i}`,
    countryIso3: countries[i % countries.length]!,
    centralLocal: 'Central' as const,
    siteSelectedDate: iso(start),
    siteActivatedDate: i % 10 === 9 ? null : iso(start + (i % 30) * DAY),
    siteStatus: i % 10 === 9 ? 'Start-up' : i % 25 === 0 ? 'Closed' : 'Enrolling',
  }));
  const siteMonths = sites.flatMap((s, i) =>
    Array.from({ length: MONTHS }, (_, m) => {
      const d = new Date(start);
      d.setUTCMonth(d.getUTCMonth() + m);
      return {
        siteNumber: s.siteNumber,
        month: iso(d.getTime()).slice(0, 7),
        screened: (i + m) % 4,
        enrolled: (i + m) % 3 === 0 ? 1 : 0,
        completedTreatment: m > 6 && (i + m) % 5 === 0 ? 1 : 0,
        droppedOut: 0,
        completedFollowUp: 0,
      };
    }),
  );
  return { asOf: new Date(now - 60_000).toISOString(), sites, siteMonths };
}

const pct = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.ceil((p / 100) * list.length) - 1]!;

async function main() {
  const scratch = SHAPE === 'postgres' ? await createScratchDatabase(BASE_URL) : null;
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: 'memory',
    PUBLIC_URL: 'http://localhost:8080',
    WEB_DIST: '',
    RUN_WORKERS: 'false',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    // The demo Schedules of Events are seeded last and are no part of actuals: a failure there leaves the rest.
    await seedDemoData(database.db).catch((e: Error) => console.warn(`(demo SOE content: ${e.message})`));
    const app = await buildApp({ env, database });
    await app.ready();
    const headers = { authorization: `Bearer ${await app.auth.issueDemoToken!('planner')}` };
    const projectId = DEMO_ACTUALS_STUDY_PLANS[0]!.projectId;
    const [study] = await database.db.select().from(studies).where(eq(studies.projectId, projectId));
    const studyId = study!.studyId;
    const body = bigExtract(['DEU', 'ESP', 'USA'], Date.now());
    let t0 = performance.now();
    const load = await app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/CtmsExtract`,
      headers,
      payload: body,
    });
    const loadMs = performance.now() - t0;
    if (load.statusCode !== 200) throw new Error(`load failed: ${load.body.slice(0, 500)}`);
    console.log(
      `${SHAPE}: extract of ${SITES} sites x ${MONTHS} months (${body.siteMonths.length} rows) loaded in ${Math.round(loadMs)} ms`,
    );
    for (const path of [
      `/ctpo/actuals/study/${studyId}`,
      `/ctpo/loadactuals/study/${studyId}`,
      `/ctpo/remodel/study/${studyId}/sites/included`,
      `/ctpo/remodel/study/${studyId}/sites/notincluded`,
    ]) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: path, headers });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
        if (i === 0 && path.includes('actuals'))
          console.log(`  state ${(res.json() as ActualsResponse).state}`);
      }
      console.log(`  GET ${path}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms`);
    }
    await app.close();
    await app.auth.close();
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

await main();
