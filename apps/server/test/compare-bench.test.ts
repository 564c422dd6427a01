import { loadExample } from '@predict/engine/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareUrl } from '@predict/shared';
import { forecastRecords, simulationRuns } from '../src/db/schema';
import { insertResultSets } from '../src/repositories/simulation-results-repository';
import { buildForecastOfRecord } from '../src/services/forecast-records/build-forecast-record';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { exampleResultSets } from './helpers/result-fixtures';

/**
 * Scenario comparison of 4 W2-sized plans (40 countries, 400 sites; the engine's w2 example, 300 replications):
 * the first request and then 20 more, logged, never asserted (timings live in benches). Run with
 * COMPARE_BENCH=1 PREDICT_TEST_DB=pglite npx vitest run --project server apps/server/test/compare-bench
 */
const enabled = process.env.COMPARE_BENCH === '1';

let t: TestApp;
let viewer: Record<string, string>;
let studyId: number;
const planIds: number[] = [];

beforeAll(async () => {
  if (!enabled) return;
  t = await createTestApp();
  const planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'CMP-BENCH')) as [number];
  const sets = exampleResultSets('w2');
  const inputs = loadExample('w2');
  for (let i = 0; i < 4; i++) {
    const planId = (await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: `W2 ${i + 1}` }))).id;
    await t.database.db.transaction(async (tx) => {
      const [run] = await tx
        .insert(simulationRuns)
        .values({
          studyPlanId: planId,
          status: 'COMPLETED_OK',
          seed: 11,
          engineVersion: 'bench',
          inputs,
          requestedByIssuer: 'bench',
          requestedBySubject: 'bench',
          requestedBy: 'Bench',
          finishedAt: new Date(),
        })
        .returning();
      await insertResultSets(tx, run!.simRunId, { ...sets });
      await tx.insert(forecastRecords).values({
        simRunId: run!.simRunId,
        studyPlanId: planId,
        studyId,
        planVersion: 1,
        inputsHash: 'bench',
        studyPlanTypeDetail: 'Rates',
        scenarioStatus: 'Draft',
        engineVersion: 'bench',
        forecast: buildForecastOfRecord({ ...sets }, null),
      });
    });
    planIds.push(planId);
  }
}, 300_000);
afterAll(async () => t?.close());

describe.runIf(enabled)('comparison of 4 W2-sized plans', () => {
  it('answers (timings logged)', async () => {
    const call = async () => {
      const start = performance.now();
      const res = await t.app.inject({ method: 'GET', url: compareUrl(studyId, planIds), headers: viewer });
      expect(res.statusCode, res.body).toBe(200);
      return { ms: performance.now() - start, bytes: res.body.length };
    };
    const first = await call();
    const times: number[] = [];
    for (let i = 0; i < 20; i++) times.push((await call()).ms);
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(
      `compare 4 x W2: first ${first.ms.toFixed(1)} ms (${first.bytes} bytes), then p50 ${at(0.5)} ms, ` +
        `p95 ${at(0.95)} ms, max ${at(1)} ms`,
    );
  });
});
