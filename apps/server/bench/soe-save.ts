/**
 * `npx tsx apps/server/bench/soe-save.ts`: issue 15's SOE figures. An SOE of 200 visits x 300 assessments with all
 * 60,000 grid cells ticked is built through the save route (POST /ctpo/soe/{id}/save), with country costs for one
 * country; then, over HTTP on a listening server, the editor load (the seven reads the editor makes in parallel plus
 * the country tab's visits and assessments) and a save changing 1,000 cells (multipliers and U / N) are timed, a
 * warm-up first. PGlite (embedded), then PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch
 * database next to it). Targets: editor load under 2 s, the 1,000-cell save under 1 s.
 */
import {
  NEW_SOE_FORM,
  type SoeSaveInput,
  type SoeVisitInput,
  type SoeAssessmentInput,
} from '@predict/shared';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { insertStudies } from '../src/db/seed/seed-demo-data';
import { generateStudies } from '../src/db/seed/study-generator';
import { loadEnv } from '../src/env';
import { createScratchDatabase } from '../test/helpers/scratch-postgres';

const VISITS = 200;
const ASSESSMENTS = 300;
const ROUNDS = 5;

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const visitRow = (i: number): SoeVisitInput => ({
  scheduleOfEventsVisitId: null,
  visitKey: `v${i}`,
  visitName: `Visit ${i + 1}`,
  visitCategory: i === 0 ? 'Screening' : 'Treatment',
  visitStudyDay: i * 7,
  visitVarianceType: 'none',
  visitVariance: null,
  visitIntervalType: 'Day',
  visitOverheadPct: 15,
  visitCost: 100,
  commentsVisit: null,
  commentsCost: null,
  commentsClinicalStrategy: null,
  commentsDataManagement: null,
  miEstSDRSDV: 30,
  miSampleVisit: i % 3 === 0 ? 1 : 0,
  miSuggestedOnSiteSDRSDV: null,
  miSuggestedCDAReview: null,
  miEstCDAReportFrequency: null,
  dmUniqueCRFs: null,
  dmNonUniqueCRFs: null,
  dmIntegratedEpro: null,
  dmPaperEpro: null,
  dmCentralLab: null,
  dmLocalLab: null,
});
const assessmentRow = (i: number): SoeAssessmentInput => ({
  scheduleOfEventsAssessmentId: null,
  assessmentKey: `a${i}`,
  assessmentType: i % 2 ? 'Procedure' : 'Non Procedure',
  assessmentName: `Assessment ${i + 1}`,
  assessmentNameMapping: null,
  assessmentCost: 10 + (i % 50),
  overhead: 1,
  exclude: 0,
  ipAdministered: 0,
  commentsAssessment: null,
  commentsCost: null,
  commentsClinicalStrategy: null,
  commentsDataManagement: null,
});

async function benchShape(label: string, database: Database, url?: string) {
  await database.migrate();
  await insertStudies(database.db, generateStudies(1), false);
  const env = loadEnv({
    NODE_ENV: 'development',
    DATA_DIR: 'memory',
    WEB_DIST: '',
    RATE_LIMIT_PER_MINUTE: '100000000',
    RUN_WORKERS: 'false',
    ...(url ? { DATABASE_URL: url } : {}),
    PORT: '0',
  });
  const app = await buildApp({ env, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = {
    authorization: `Bearer ${await app.auth.issueDemoToken!('planner')}`,
    'content-type': 'application/json',
  };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${address}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as unknown;
  };
  const { rows } = (await call('GET', '/ctpo/studies?page=0&pageSize=5')) as { rows: { studyId: number }[] };
  const studyId = rows[0]!.studyId;
  const [{ Id: soeId }] = (await call('POST', `/ctpo/study/${studyId}/soe`, {
    ...NEW_SOE_FORM,
    scheduleOfEventsName: 'Bench SOE',
    scheduleOfEventsDescr: 'Large SOE',
    protocolVersionNotAvailable: true,
    protocolDateNotAvailable: true,
  })) as [{ Id: number }];

  const visits = Array.from({ length: VISITS }, (_, i) => visitRow(i));
  const assessments = Array.from({ length: ASSESSMENTS }, (_, i) => assessmentRow(i));
  const mapping = visits.flatMap((v) =>
    assessments.map((a) => ({
      visitKey: v.visitKey,
      assessmentKey: a.assessmentKey,
      mappingAssessmentVisit: 1 as const,
      multiplier: 1,
      uniqueNonUniqueForm: null,
    })),
  );
  let t0 = performance.now();
  const built = (await call('POST', `/ctpo/soe/${soeId}/save`, {
    version: 1,
    visits,
    assessments,
    mapping,
  } satisfies SoeSaveInput)) as {
    version: number;
    visits: { scheduleOfEventsVisitId: number }[];
    assessments: { scheduleOfEventsAssessmentId: number }[];
  };
  const buildMs = performance.now() - t0;
  const entries = (await call('GET', `/ctpo/soe/${soeId}/sitegroups`)) as unknown[];
  console.log(
    `\n## ${label}: built ${VISITS} x ${ASSESSMENTS} (${mapping.length} cells) in one save: ${buildMs.toFixed(0)} ms (${entries.length} site group entries)`,
  );

  const reads = [
    '',
    '/visits',
    '/assessments',
    '/mapping',
    '/sitegroups',
    '/riskassessments',
    '/visitsamplingstrategy',
  ];
  const loads: number[] = [];
  const countryTab: number[] = [];
  const saves: number[] = [];
  let version = built.version;
  const alone: string[] = [];
  for (const r of reads) {
    await call('GET', `/ctpo/soe/${soeId}${r}`);
    const start = performance.now();
    await call('GET', `/ctpo/soe/${soeId}${r}`);
    alone.push(`${r || '/'} ${(performance.now() - start).toFixed(0)}`);
  }
  console.log(`(each read alone, ms: ${alone.join(', ')})`);
  for (let round = 0; round <= ROUNDS; round++) {
    t0 = performance.now();
    await Promise.all(reads.map((r) => call('GET', `/ctpo/soe/${soeId}${r}`)));
    const load = performance.now() - t0;
    t0 = performance.now();
    await Promise.all([
      call('GET', `/ctpo/soe/${soeId}/visits/sitegroup/5/site/1`),
      call('GET', `/ctpo/soe/${soeId}/assessments/sitegroup/5/site/1`),
    ]);
    const tab = performance.now() - t0;
    // 1,000 changed cells: 5 visits x 200 assessments get a new multiplier and U / N.
    const changes = built.visits.slice(round * 5, round * 5 + 5).flatMap((v) =>
      built.assessments.slice(0, 200).map((a) => ({
        visitKey: String(v.scheduleOfEventsVisitId),
        assessmentKey: String(a.scheduleOfEventsAssessmentId),
        mappingAssessmentVisit: 1 as const,
        multiplier: 2 + round,
        uniqueNonUniqueForm: round % 2 ? ('U' as const) : ('N' as const),
      })),
    );
    t0 = performance.now();
    version = (
      (await call('POST', `/ctpo/soe/${soeId}/save`, { version, mapping: changes })) as { version: number }
    ).version;
    const saveMs = performance.now() - t0;
    if (round === 0) continue; // warm-up
    loads.push(load);
    countryTab.push(tab);
    saves.push(saveMs);
  }
  console.log('| measure | median ms | max ms | target |');
  console.log('|---|---|---|---|');
  console.log(
    `| editor load (7 reads in parallel) | ${median(loads).toFixed(0)} | ${Math.max(...loads).toFixed(0)} | < 2000 |`,
  );
  console.log(
    `| country tab (visits + assessments at a level) | ${median(countryTab).toFixed(0)} | ${Math.max(...countryTab).toFixed(0)} | - |`,
  );
  console.log(
    `| save of 1,000 cells | ${median(saves).toFixed(0)} | ${Math.max(...saves).toFixed(0)} | < 1000 |`,
  );
  await app.close();
  await database.close();
}

await benchShape('PGlite (embedded)', await openDatabase({ dataDir: 'memory' }));
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgBase) {
  const target = await createScratchDatabase(pgBase, 'predict_bench');
  try {
    await benchShape('PostgreSQL', await openDatabase({ url: target.url, dataDir: 'memory' }), target.url);
  } finally {
    await target.drop();
  }
} else {
  console.log('\n(Set BENCH_DATABASE_URL or TEST_DATABASE_URL to also measure PostgreSQL.)');
}
process.exit(0);
