// Runs the server test suite on the embedded PGlite database and, when TEST_DATABASE_URL is set (CI sets it), on a
// real PostgreSQL server, so both database shapes stay proven. The two passes run side by side: each spends most of
// its time waiting on its database, so together they take little longer than the slower one.
import { runAll } from './run-prefixed.mjs';

const passes = [{ name: 'server tests on PGlite', env: { PREDICT_TEST_DB: 'pglite' } }];
if (process.env.TEST_DATABASE_URL)
  passes.push({ name: 'server tests on PostgreSQL', env: { PREDICT_TEST_DB: 'postgres' } });
else console.log('TEST_DATABASE_URL is not set: server tests run on PGlite only.');

await runAll(passes.map((p) => ({ ...p, command: 'npx', args: ['vitest', 'run', '--project', 'server'] })));
