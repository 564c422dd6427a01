import { simulate, type ResultSets } from '@predict/engine';
import { loadExample } from '@predict/engine/examples';
import type { SimRunStatus } from '@predict/shared';
import { insertResultSets } from '../../src/repositories/simulation-results-repository';
import { insertRun } from '../../src/repositories/simulation-runs-repository';
import type { TestApp } from './app';

/** Engine examples: a small Rates plan, the W2-sized one (40 countries, 400 sites, 2,000 patients) and a sequential cohort plan. */
export type EngineExample = 'w1' | 'w2' | 'cohort';

const cache = new Map<EngineExample, ResultSets>();

/**
 * The result sets of an engine example as a run computes them (the engine's pipeline, one thread). Cached per
 * example, so test files pay for each forecast once.
 */
export function exampleResultSets(example: EngineExample, replications = 300, seed = 11): ResultSets {
  const cached = cache.get(example);
  if (cached) return cached;
  const r = simulate(loadExample(example), { seed, replications, siteSearch: false });
  if (!r.ok) throw new Error(`${example}.json: ${JSON.stringify(r.errors)}`);
  cache.set(example, r.output.resultSets);
  return r.output.resultSets;
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
