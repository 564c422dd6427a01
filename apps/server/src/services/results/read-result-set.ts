import { COHORT_RESULT_SETS, type ResultSetName } from '@predict/shared';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../http-errors';
import { findLatestFinishedRun, findResultSetOfRun } from '../../repositories/simulation-results-repository';
import { resultSetCache } from './result-set-cache';

/** Ours: the spec only logs a result that fails to load; the web shows its error state. */
export const NO_RESULTS_MESSAGE = 'The plan has no results yet: it has no finished simulation run.';
export const NO_COHORT_RESULTS_MESSAGE =
  'The plan has no cohort results: only plans with sequential cohorts have them.';

const cohortSets: ReadonlySet<ResultSetName> = new Set(COHORT_RESULT_SETS);

export interface StoredResultSet {
  /** The set as JSON text, as it was stored. */
  json: string;
  /** Strong: the run, the set and the engine that computed it name the bytes for good. */
  etag: string;
}

/** The entity tag of one set of one run (or of its settings, GET /ctpo/results/settings). */
export const resultSetEtag = (simRunId: number, name: ResultSetName | 'settings', engineVersion: string) =>
  `"run-${simRunId}-${name}-${engineVersion.replace(/[^\w.@/+-]/g, '_')}"`;

/**
 * The GET result routes of spec/1 section 7: one stored set of the plan's latest finished (COMPLETED_OK) run, as it
 * was stored. 404 for an unknown or deleted plan, a plan without a finished run, and a cohort set of a plan without
 * sequential cohorts (each with its own message). One query finds the run; its sets come from memory after the
 * first read (result-set-cache.ts).
 */
export async function readResultSet(db: Db, planId: number, name: ResultSetName): Promise<StoredResultSet> {
  const found = await findLatestFinishedRun(db, planId);
  if (!found) throw notFound('Plan');
  if (!found.run) throw new HttpError(404, NO_RESULTS_MESSAGE);
  const { simRunId, engineVersion } = found.run;
  const etag = resultSetEtag(simRunId, name, engineVersion);
  const cache = resultSetCache(db);
  const key = `${simRunId}/${name}`;
  const cached = cache.get(key);
  if (cached !== undefined) return { json: cached, etag };

  const payload = await findResultSetOfRun(db, simRunId, name);
  if (payload === null) {
    // Only a failed read asks why: every finished run has the summary table, only cohort plans have cohort sets.
    if (cohortSets.has(name) && (await findResultSetOfRun(db, simRunId, 'summaryTable')) !== null) {
      throw new HttpError(404, NO_COHORT_RESULTS_MESSAGE);
    }
    throw new HttpError(404, NO_RESULTS_MESSAGE);
  }
  const json = JSON.stringify(payload);
  cache.set(key, json);
  return { json, etag };
}
