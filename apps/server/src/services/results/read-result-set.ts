import { COHORT_RESULT_SETS, type ResultSetName } from '@predict/shared';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../http-errors';
import { findLivePlan } from '../../repositories/plans-repository';
import { findResultSet } from '../../repositories/simulation-results-repository';

/** Ours: the spec only logs a result that fails to load; the web shows its error state. */
export const NO_RESULTS_MESSAGE = 'The plan has no results yet: it has no finished simulation run.';
export const NO_COHORT_RESULTS_MESSAGE =
  'The plan has no cohort results: only plans with sequential cohorts have them.';

const cohortSets: ReadonlySet<ResultSetName> = new Set(COHORT_RESULT_SETS);

/**
 * The GET result routes of spec/1 section 7: one stored set of the plan's latest finished (COMPLETED_OK) run, as it
 * was stored. 404 for an unknown or deleted plan, a plan without a finished run, and a cohort set of a plan without
 * sequential cohorts (each with its own message).
 */
export async function readResultSet(db: Db, planId: number, name: ResultSetName): Promise<unknown> {
  const [plan, payload] = await Promise.all([findLivePlan(db, planId), findResultSet(db, planId, name)]);
  if (!plan) throw notFound('Plan');
  if (payload !== null) return payload;
  // Only a failed read asks why: every finished run has the summary table, only cohort plans have cohort sets.
  if (cohortSets.has(name) && (await findResultSet(db, planId, 'summaryTable')) !== null) {
    throw new HttpError(404, NO_COHORT_RESULTS_MESSAGE);
  }
  throw new HttpError(404, NO_RESULTS_MESSAGE);
}
