// Runs the route fuzz (apps/server/test/fuzz) with 2,000 cases per route (FUZZ_RUNS overrides): on PostgreSQL when
// TEST_DATABASE_URL is set, else on PGlite. FUZZ_SEED replays a run.
import { spawnSync } from 'node:child_process';
import { childEnv, scriptEnv } from './env.mjs';

const onPostgres = Boolean(scriptEnv.testDatabaseUrl);
const runs = scriptEnv.fuzzRuns;
console.log(`route fuzz on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${runs} cases per route`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'apps/server/test/fuzz/'], {
  stdio: 'inherit',
  env: childEnv({ FUZZ_RUNS: runs, PREDICT_TEST_DB: onPostgres ? 'postgres' : 'pglite' }),
});
process.exit(result.status ?? 1);
