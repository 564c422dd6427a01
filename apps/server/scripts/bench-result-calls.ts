/**
 * `npm run bench:results`: how fast the result-set routes answer. Stores a finished run of the engine's cohort
 * example (20 sets) and of W2 (13 large sets; 40 countries, 400 sites), then calls every set's route 15 times
 * and prints the p95 per call and the three slowest sets. On the embedded database (PGlite) by default,
 * PostgreSQL with PREDICT_TEST_DB=postgres and TEST_DATABASE_URL (as the server tests).
 */
import { performance } from 'node:perf_hooks';
import type { ResultSets } from '@predict/engine';
import { COHORT_RESULT_SETS, ORDINARY_RESULT_SETS, resultSetUrl, type ResultSetName } from '@predict/shared';
import { bearer, createTestApp, TEST_DB_SHAPE } from '../test/helpers/app';
import { addStudies, createPlan, ratesPlan } from '../test/helpers/plans';
import { exampleResultSets, storeRun } from '../test/helpers/result-fixtures';

const ROUNDS = 15;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;

async function main() {
  // A few hundred calls within a minute.
  const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  try {
    const planner = bearer(await t.token('planner'));
    const viewer = bearer(await t.token('viewer'));
    const [studyId] = (await addStudies(t, 'RES-0001')) as [number];
    const cases: [string, ResultSets, readonly ResultSetName[]][] = [
      ['cohort example', exampleResultSets('cohort'), [...ORDINARY_RESULT_SETS, ...COHORT_RESULT_SETS]],
      ['W2', exampleResultSets('w2'), ORDINARY_RESULT_SETS],
    ];
    for (const [label, sets, names] of cases) {
      const planId = (await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: `${label} results` })))
        .id;
      await storeRun(t, planId, 'COMPLETED_OK', sets);
      const all: number[] = [];
      const bySet = new Map<ResultSetName, number[]>();
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of names) {
          const started = performance.now();
          const res = await t.app.inject({ method: 'GET', url: resultSetUrl(name, planId), headers: viewer });
          const ms = performance.now() - started;
          if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
          all.push(ms);
          bySet.set(name, [...(bySet.get(name) ?? []), ms]);
        }
      }
      const slowest = [...bySet].sort((a, b) => p95(b[1]) - p95(a[1])).slice(0, 3);
      const kb = (name: ResultSetName) => (JSON.stringify(sets[name]).length / 1024).toFixed(0);
      console.log(
        `result calls, ${label} (${all.length} calls, ${TEST_DB_SHAPE}): p95 ${p95(all).toFixed(1)} ms; ` +
          `slowest: ${slowest.map(([n, xs]) => `${n} p95 ${p95(xs).toFixed(1)} ms (${kb(n)} kB)`).join(', ')}`,
      );
    }
  } finally {
    await t.close();
  }
}

await main();
