import { readFileSync } from 'node:fs';
import {
  buildResultSets,
  cohortChain,
  cohortPlanLine,
  computePlanLine,
  forecastForResults,
  isSequentialCohortPlan,
  milestoneLevels,
  parseSimulationInput,
  preparePlan,
  runForecast,
  type ResultSets,
} from '@predict/engine';
import type { SimRunStatus } from '@predict/shared';
import { insertResultSets } from '../../src/repositories/simulation-results-repository';
import { insertRun } from '../../src/repositories/simulation-runs-repository';
import type { TestApp } from './app';

/**
 * Engine examples (packages/engine/examples): a small Rates plan, the W2-sized one (40 countries, 400 sites, 2,000
 * patients) and a sequential cohort plan.
 */
export type EngineExample = 'w1' | 'w2' | 'cohort';

const cache = new Map<EngineExample, ResultSets>();

/**
 * The result sets of an engine example computed as a run computes a plain or cohort plan (the engine CLI's
 * steps): the plan line (the cohort plan line for cohort plans) and a forecast with the plan's milestone levels.
 * Cached per example, so test files pay for each forecast once.
 */
export function exampleResultSets(example: EngineExample, replications = 300, seed = 11): ResultSets {
  const cached = cache.get(example);
  if (cached) return cached;
  const file = new URL(`../../../../packages/engine/examples/${example}.json`, import.meta.url);
  const parsed = parseSimulationInput(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.ok) throw new Error(`${example}.json: ${JSON.stringify(parsed.errors)}`);
  const input = parsed.input;
  const prepared = preparePlan(input);
  const chain = isSequentialCohortPlan(input.plan) ? cohortChain(input.plan.cohorts ?? [], prepared) : null;
  const planLine = chain ? cohortPlanLine(prepared, chain) : computePlanLine(prepared);
  const byMilestone = milestoneLevels(input);
  const levels = [...new Set([10, 50, 90, ...Object.values(byMilestone)])].sort((a, b) => a - b);
  const forecast = runForecast(prepared, { seed, replications, levels });
  const sets = buildResultSets(
    input,
    prepared,
    planLine,
    forecastForResults(forecast, prepared.day0Ms, byMilestone),
  );
  cache.set(example, sets);
  return sets;
}

/**
 * Records a finished run of a plan directly (the queue is not under test here) and, for COMPLETED_OK, stores its
 * result sets in the same transaction, as the run's completion does. Returns the run id.
 */
export async function storeRun(
  t: TestApp,
  planId: number,
  status: SimRunStatus,
  sets: ResultSets | null = null,
): Promise<number> {
  return t.database.db.transaction(async (tx) => {
    const run = await insertRun(tx, {
      studyPlanId: planId,
      status,
      message: null,
      seed: 11,
      engineVersion: 'test',
      inputs: {},
      requestedByIssuer: 'test',
      requestedBySubject: 'fixture',
      requestedBy: 'Fixture',
      finishedAt: status === 'COMPLETED_OK' ? new Date() : null,
    });
    if (sets) await insertResultSets(tx, run.simRunId, { ...sets });
    return run.simRunId;
  });
}
