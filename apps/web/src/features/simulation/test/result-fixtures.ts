/**
 * The result sets the simulation tests serve: the engine's output for its examples (seed 1, 200 replications),
 * written by `npm run fixtures -w apps/web` (scripts/make-result-fixtures.ts). Each set is checked against its
 * shared result-set schema, so a fixture that drifts from the shapes the server documents fails here.
 */
import { RESULT_SET_SCHEMAS, type ResultSetName, type ResultSets } from '@predict/shared';
import cohortJson from './fixtures/cohort-result-sets.json';
import combinationJson from './fixtures/combination-result-sets.json';
import w1Json from './fixtures/w1-result-sets.json';

function checkedSets(json: Record<string, unknown>, label: string): ResultSets {
  for (const [name, value] of Object.entries(json)) {
    const schema = RESULT_SET_SCHEMAS[name as ResultSetName] as
      (typeof RESULT_SET_SCHEMAS)[ResultSetName] | undefined;
    if (!schema) throw new Error(`${label}: ${name} is not a result set`);
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new Error(`${label} ${name}: ${parsed.error.message}`);
  }
  // The JSON itself, not the parse output: that would order each row's keys as the schema does, not the engine.
  return json as unknown as ResultSets;
}

/** examples/w1.json: a Rates plan, one group (Germany), 100 enrolled, with forecast columns and band. */
export const W1_SETS = checkedSets(w1Json, 'w1');
/** examples/cohort.json: two groups, three sequential cohorts (20 sets), no band (cohort plans get none). */
export const COHORT_SETS = checkedSets(cohortJson, 'cohort');
/** examples/combination.json: two plans of two and three groups. */
export const COMBINATION_SETS = checkedSets(combinationJson, 'combination');

/** Only the named sets of `sets` (a run whose other sets are missing). */
export function someSets<K extends keyof ResultSets>(
  sets: ResultSets,
  names: readonly K[],
): Partial<ResultSets> {
  return Object.fromEntries(names.map((name) => [name, sets[name]])) as Partial<ResultSets>;
}
