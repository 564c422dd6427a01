// Study-list and study-search latency with 10,000 studies, on PGlite and (when a URL is given) PostgreSQL.
// Usage: npm run bench:api [-- --seconds 10 --connections 10]; BENCH_DATABASE_URL or TEST_DATABASE_URL adds PostgreSQL.
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { insertStudies } from '../src/seed/seed-demo-data';
import { generateStudies } from '../src/seed/study-generator';
import { loadEnv } from '../src/env';
import { createScratchDatabase } from '../test/helpers/scratch-postgres';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);
const i = process.argv.indexOf('--connections');
// Concurrent clients per run: one user typing, and a busy office of ten at once.
const CONNECTIONS = (i >= 0 ? process.argv[i + 1]! : '1,10').split(',').map(Number);
const STUDIES = arg('studies', 10_000);

const SCENARIOS: { name: string; paths: string[] }[] = [
  {
    name: 'study list: search text (debounced box)',
    paths: ['onc', 'north', 'diab', 'LT-00', 'psoriasis', 'zzz', 'mer', 'asthma'].map(
      (t) => `/ctpo/studies?search=${t}&page=0&pageSize=10`,
    ),
  },
  {
    name: 'study list: filters + sort + deep pages',
    paths: [
      '/ctpo/studies?search=*&sort=sponsorName&order=desc&page=40&pageSize=25',
      '/ctpo/studies?opportunityStage=Closed%20Won&enrollmentPlanExists=Y&sort=enrollmentPlanLastUpdate&order=desc',
      '/ctpo/studies?studyName=phase&soeExists=N&page=3&pageSize=25',
      '/ctpo/studies?enrollmentPlanLastUpdateFrom=2025-06-01&enrollmentPlanLastUpdateTo=2025-12-31&sort=studyName',
    ],
  },
  {
    name: 'landing search: /ctpo/studies/project/{text}*',
    paths: ['a', 'LT-01', 'onc', 'nor', 'zzz'].map((t) => `/ctpo/studies/project/${t}*`),
  },
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function benchShape(label: string, database: Database) {
  await database.migrate();
  const t0 = performance.now();
  await insertStudies(database.db, generateStudies(STUDIES), false);
  console.log(
    `\n## ${label}: loaded ${STUDIES} studies in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const env = loadEnv({
    // Not production: the bench signs in with a demo user, which NODE_ENV=production refuses (auth/demo-policy.ts).
    NODE_ENV: 'development',
    DATA_DIR: 'memory',
    WEB_DIST: '',
    RATE_LIMIT_PER_MINUTE: '100000000',
    PORT: '0',
  });
  const app = await buildApp({ env, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await app.auth.issueDemoToken!('viewer');
  console.log('| scenario | connections | requests | req/s | p50 ms | p95 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const connections of CONNECTIONS)
    for (const s of SCENARIOS) {
      const times: number[] = [];
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: address,
            connections,
            duration: SECONDS,
            headers: { authorization: `Bearer ${token}` },
            requests: s.paths.map((path) => ({ method: 'GET' as const, path })),
          },
          (err: unknown, r: autocannon.Result) => (err ? reject(err as Error) : resolve(r)),
        );
        // autocannon reports p97.5 but not p95: collect every response time and compute the percentiles here.
        instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
      });
      times.sort((a, b) => a - b);
      const bad = result.errors + result.non2xx;
      console.log(
        `| ${s.name} | ${connections} | ${result.requests.total} | ${result.requests.average.toFixed(0)} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${bad} |`,
      );
    }
  await app.close();
  await database.close();
}

await benchShape('PGlite (embedded)', await openDatabase({ dataDir: 'memory' }));
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgBase) {
  const target = await createScratchDatabase(pgBase, 'predict_bench');
  try {
    await benchShape('PostgreSQL', await openDatabase({ url: target.url, dataDir: 'memory' }));
  } finally {
    await target.drop();
  }
} else {
  console.log('\n(Set BENCH_DATABASE_URL or TEST_DATABASE_URL to also measure PostgreSQL.)');
}
process.exit(0);
