// Runs the server test suite on the embedded PGlite database, then again on a real PostgreSQL server when
// TEST_DATABASE_URL is set (CI sets it), so both database shapes stay proven.
import { spawnSync } from 'node:child_process';

const runs = [{ name: 'PGlite', env: { PREDICT_TEST_DB: 'pglite' } }];
if (process.env.TEST_DATABASE_URL) runs.push({ name: 'PostgreSQL', env: { PREDICT_TEST_DB: 'postgres' } });
else console.log('TEST_DATABASE_URL is not set: server tests run on PGlite only.');

for (const run of runs) {
  console.log(`\n== server tests on ${run.name} ==`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
