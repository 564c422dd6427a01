/**
 * `npx tsx apps/server/bench/soe-save.ts`: issue 15's SOE figures. On the large SOE (soe-bench-setup.ts), over HTTP
 * on a listening server, the editor load (the seven reads the editor makes in parallel) and the country tab's
 * visits and assessments, and a save changing 1,000 cells (multipliers and U / N) are timed, a warm-up first.
 * Standalone: PGlite (embedded), then PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch
 * database next to it). Targets: editor load under 2 s, the 1,000-cell save under 1 s.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type Database } from '../src/db/client';
import { createScratchDatabase } from '../test/helpers/scratch-postgres';
import { median, printFigures, type Figure } from './soe-bench-figures';
import { buildLargeSoe, startBenchServer, type BenchServer, type LargeSoe } from './soe-bench-setup';

const ROUNDS = 5;
const READS = [
  '',
  '/visits',
  '/assessments',
  '/mapping',
  '/sitegroups',
  '/riskassessments',
  '/visitsamplingstrategy',
];

/** Editor load, country tab and 1,000-cell saves on the large SOE; the SOE's version moves on. */
export async function benchSoeSave(s: BenchServer, soe: LargeSoe): Promise<Figure[]> {
  const base = `/ctpo/soe/${soe.soeId}`;
  const loads: number[] = [];
  const countryTab: number[] = [];
  const saves: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    let t0 = performance.now();
    await Promise.all(READS.map((r) => s.call('GET', `${base}${r}`)));
    const load = performance.now() - t0;
    t0 = performance.now();
    await Promise.all([
      s.call('GET', `${base}/visits/sitegroup/5/site/1`),
      s.call('GET', `${base}/assessments/sitegroup/5/site/1`),
    ]);
    const tab = performance.now() - t0;
    // 1,000 changed cells: 5 visits x 200 grid assessments get a new multiplier and U / N.
    const changes = soe.visitIds.slice(round * 5, round * 5 + 5).flatMap((visitId) =>
      soe.gridAssessmentIds.slice(0, 200).map((assessmentId) => ({
        visitKey: String(visitId),
        assessmentKey: String(assessmentId),
        mappingAssessmentVisit: 1 as const,
        multiplier: 2 + round,
        uniqueNonUniqueForm: round % 2 ? ('U' as const) : ('N' as const),
      })),
    );
    t0 = performance.now();
    soe.version = (
      (await s.call('POST', `${base}/save`, { version: soe.version, mapping: changes })).json as {
        version: number;
      }
    ).version;
    const saveMs = performance.now() - t0;
    if (round === 0) continue; // warm-up
    loads.push(load);
    countryTab.push(tab);
    saves.push(saveMs);
  }
  return [
    { measure: `build: one save of ${soe.cells} cells`, ms: soe.buildMs },
    { measure: `editor load (7 reads in parallel, median of ${ROUNDS})`, ms: median(loads), targetMs: 2000 },
    { measure: 'country tab (visits + assessments at a level)', ms: median(countryTab) },
    { measure: `save of 1,000 cells (median of ${ROUNDS})`, ms: median(saves), targetMs: 1000 },
  ];
}

async function shape(label: string, database: Database, url?: string) {
  const s = await startBenchServer(database, url);
  try {
    printFigures(
      `SOE editor and save, ${label}`,
      await benchSoeSave(s, await buildLargeSoe(s, { w2: false })),
    );
  } finally {
    await s.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await shape('PGlite (embedded)', await openDatabase({ dataDir: 'memory' }));
  const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgBase) {
    const target = await createScratchDatabase(pgBase, 'predict_bench');
    try {
      await shape('PostgreSQL', await openDatabase({ url: target.url, dataDir: 'memory' }), target.url);
    } finally {
      await target.drop();
    }
  } else console.log('\n(Set BENCH_DATABASE_URL or TEST_DATABASE_URL to also measure PostgreSQL.)');
  process.exit(0);
}
