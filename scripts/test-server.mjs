// Runs the server test suite on the embedded PGlite database and, when TEST_DATABASE_URL is set (CI sets it), on a
// real PostgreSQL server, so both database shapes stay proven. The two passes run side by side: each spends most of
// its time waiting on its database, so together they take little longer than the slower one.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { scriptEnv } from './env.mjs';
import { runAll } from './run-prefixed.mjs';

/**
 * Files the PostgreSQL pass leaves to the PGlite pass. The first ones never open the pass's database (pure
 * functions, their own in-memory PGlite, spawned embedded servers), so a second pass would only repeat them. The
 * demo portfolio seeds 36 completed studies (about a minute); its import's PostgreSQL path is proven by
 * completed-studies-import.test.ts in both passes.
 */
const PGLITE_ONLY = [
  'actuals-site-input',
  'auth-flow',
  'auth-guard',
  'auth-runtime',
  'auth-sign-in-throttle',
  'auth-verify-cache',
  'config-identity-policy',
  'data-dir-lock',
  'demo-data-files',
  'demo-data',
  'forecast-calibration-counts',
  'forecast-record-kinds',
  'soe-uploads-country-costs',
  'soe-uploads-eprice',
  'soe-uploads-pipeline',
  'soe-uploads-site-contract',
  'soe-uploads-xlsx-parts',
  'upload-zip-scan',
  'lru-map',
  'demo-portfolio',
].map((name) => `test/${name}.test.ts`);

const serverDir = path.resolve(import.meta.dirname, '../apps/server');
// A renamed or removed file would silently run twice again: the list has to name files that exist.
for (const file of PGLITE_ONLY)
  if (!existsSync(path.join(serverDir, file)))
    throw new Error(`scripts/test-server.mjs: ${file} does not exist`);

const vitest = ['vitest', 'run', '--project', 'server'];
// Exclusions are globs relative to the server project's root, as the list's paths are.
const passes = [{ name: 'server tests on PGlite', env: { PREDICT_TEST_DB: 'pglite' }, args: vitest }];
if (scriptEnv.testDatabaseUrl)
  passes.push({
    name: 'server tests on PostgreSQL',
    env: { PREDICT_TEST_DB: 'postgres' },
    args: [...vitest, ...PGLITE_ONLY.flatMap((file) => ['--exclude', file])],
  });
else console.log('TEST_DATABASE_URL is not set: server tests run on PGlite only.');

await runAll(passes.map((p) => ({ ...p, command: 'npx' })));
