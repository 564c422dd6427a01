import { RUN_UNCERTAINTY_KEYS, type RunUncertainty, type SimulationRunSettings } from '@predict/shared';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../http-errors';
import { findLatestFinishedRun, findRunUncertainty } from '../../repositories/simulation-results-repository';
import { NO_RESULTS_MESSAGE, resultSetEtag } from './read-result-set';

/** The known numeric settings of stored JSON (a jsonb value, or its text), or null when it names none. */
function uncertaintyOf(value: unknown): RunUncertainty | null {
  const parsed: unknown = typeof value === 'string' ? safeParse(value) : value;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const source = parsed as Record<string, unknown>;
  const out: RunUncertainty = {};
  for (const key of RUN_UNCERTAINTY_KEYS) {
    const v = source[key];
    if (typeof v === 'number' && Number.isFinite(v)) out[key] = v;
  }
  return Object.keys(out).length > 0 ? out : null;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * GET /ctpo/results/settings/plan/{planId}: the uncertainty settings of the plan's latest finished run - as stored
 * with the run (its forecast's settings, defaults filled in), or, for a run stored before they were kept, those its
 * engine input named (the plan's values when the run was requested). 404 as the result sets. A finished run's
 * settings never change: the answer carries an ETag like a result set's. `calibrationVersion` names the calibration
 * version whose fitted settings the run used (null: the plan's own).
 */
export async function readRunSettings(
  db: Db,
  planId: number,
): Promise<{ settings: SimulationRunSettings; etag: string }> {
  const found = await findLatestFinishedRun(db, planId);
  if (!found) throw notFound('Plan');
  if (!found.run) throw new HttpError(404, NO_RESULTS_MESSAGE);
  const { simRunId, engineVersion } = found.run;
  const row = await findRunUncertainty(db, simRunId);
  const stored = uncertaintyOf(row?.stored);
  const requested = stored ? null : uncertaintyOf(row?.requested);
  const settings: SimulationRunSettings = {
    simOptRunId: simRunId,
    source: stored ? 'run' : requested ? 'request' : null,
    uncertainty: stored ?? requested,
    calibrationVersion: row?.calibrationVersion ?? null,
  };
  return { settings, etag: resultSetEtag(simRunId, 'settings', engineVersion) };
}
