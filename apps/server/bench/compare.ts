/**
 * `npm run bench:compare -w apps/server`: scenario comparison (GET /ctpo/compare/study/{id}?plans=) of 4 W2-sized
 * plans (the engine's w2 example: 40 countries, 400 sites, 2,000 patients; 300 replications stored as a finished
 * run with its result sets and forecast of record), over HTTP on a listening server on PGlite: the first request
 * (each run's stored sets read and presented) and 20 more. Target: under 300 ms, from stored results only.
 */
import { simulate } from '@predict/engine';
import { loadExample } from '@predict/engine/examples';
import { compareUrl } from '@predict/shared';
import { openDatabase } from '../src/db/client';
import { forecastRecords, simulationRuns } from '../src/db/schema';
import { insertResultSets } from '../src/repositories/simulation-results-repository';
import { buildForecastOfRecord } from '../src/services/forecast-records/build-forecast-record';
import { ratesPlan } from '../test/helpers/plans';
import { cpuMs, median, printFigures } from './soe-bench-figures';
import { startBenchServer } from './soe-bench-setup';

const PLANS = 4;
const REPEATS = 20;

const s = await startBenchServer(await openDatabase({ dataDir: 'memory' }));
const inputs = loadExample('w2');
const simulated = simulate(inputs, { seed: 11, replications: 300, siteSearch: false });
if (!simulated.ok) throw new Error(`w2.json: ${JSON.stringify(simulated.errors)}`);
const sets = simulated.output.resultSets;
const planIds: number[] = [];
for (let i = 0; i < PLANS; i++) {
  const created = await s.call(
    'POST',
    `/ctpo/study/${s.studyId}/EnrollmentPlanStep1`,
    ratesPlan({ studyPlanName: `W2 ${i + 1}` }),
  );
  const plan = { studyPlanId: (created.json as { Id: number }).Id };
  await s.database.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(simulationRuns)
      .values({
        studyPlanId: plan.studyPlanId,
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
      studyPlanId: plan.studyPlanId,
      studyId: s.studyId,
      planVersion: 1,
      inputsHash: 'bench',
      studyPlanTypeDetail: 'Rates',
      scenarioStatus: 'Draft',
      engineVersion: 'bench',
      forecast: buildForecastOfRecord({ ...sets }, null),
    });
  });
  planIds.push(plan.studyPlanId);
}

const timed = async () => {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const answer = await s.call('GET', compareUrl(s.studyId, planIds));
  return { ms: performance.now() - start, cpu: cpuMs(cpu), bytes: answer.bytes };
};
const first = await timed();
const rest: { ms: number; cpu: number }[] = [];
for (let i = 0; i < REPEATS; i++) rest.push(await timed());
const sorted = rest.map((r) => r.ms).sort((a, b) => a - b);
printFigures(`Scenario comparison, ${PLANS} W2-sized plans (${first.bytes} bytes)`, [
  { measure: 'first request', ms: first.ms, cpuMs: first.cpu, targetMs: 300 },
  {
    measure: `next ${REPEATS}, median`,
    ms: median(sorted),
    cpuMs: median(rest.map((r) => r.cpu)),
    targetMs: 300,
  },
  { measure: `next ${REPEATS}, p95`, ms: sorted[Math.floor(0.95 * (sorted.length - 1))]!, targetMs: 300 },
]);
await s.close();
