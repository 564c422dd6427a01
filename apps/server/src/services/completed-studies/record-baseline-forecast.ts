import { ENGINE_VERSION, type SimulationInput } from '@predict/engine';
import type { Tx } from '../../db/client';
import { inlineEngine, type EngineRunner } from '../../jobs/run-engine';
import type { AuditActor, AuditEntry } from '../../repositories/audit-repository';
import { insertResultSets } from '../../repositories/simulation-results-repository';
import { recordForecast } from '../forecast-records/record-forecast';
import { COMPLETED_MESSAGE } from '../runs/execute-simulation-run';
import { recordPlanRun } from '../runs/record-plan-run';

/**
 * The baseline forecast of an imported completed study: its plan run by the engine's pipeline on this thread
 * (inlineEngine, the same steps and result sets as a worker's run) with IMPORT_REPLICATIONS replications, stored
 * as a finished run with its result sets and its forecast of record, in the import's transaction. Not queued: the
 * study's plan, run and extract commit together or not at all, and a queued run could not be part of that.
 * 400 replications put P10/P90 on the 40th / 360th value and cost 40-300 ms a plan (2-40 countries) here; a
 * user's run uses 2,000, which would make a 30-study import take a minute.
 */
export const IMPORT_REPLICATIONS = 400;
export const IMPORT_SEED = 20_240_424;

export class EngineRefusal extends Error {
  constructor(readonly reasons: { path: string; message: string }[]) {
    super('The engine refused the plan.');
  }
}

export interface RecordedBaseline {
  simRunId: number;
  /** The audit entries of the run and its forecast of record (the caller appends them). */
  audit: AuditEntry[];
}

export async function recordBaselineForecast(
  tx: Tx,
  actor: AuditActor,
  planId: number,
  input: SimulationInput,
  engine: EngineRunner = inlineEngine,
): Promise<RecordedBaseline> {
  const outcome = await engine.run(input, {
    seed: IMPORT_SEED,
    replications: IMPORT_REPLICATIONS,
    onProgress: () => {},
  });
  if (!outcome.ok) throw new EngineRefusal(outcome.errors.map((e) => ({ path: e.path, message: e.message })));
  const now = new Date();
  const { run, audit } = await recordPlanRun(
    tx,
    actor,
    {
      studyPlanId: planId,
      status: 'COMPLETED_OK',
      message: COMPLETED_MESSAGE,
      seed: IMPORT_SEED,
      replications: IMPORT_REPLICATIONS,
      engineVersion: ENGINE_VERSION,
      inputs: input,
      uncertainty: outcome.uncertainty ?? null,
      startedAt: now,
      finishedAt: now,
    },
    { source: 'completed-study import' },
  );
  await insertResultSets(tx, run.simRunId, outcome.sets);
  const record = await recordForecast(tx, run, outcome.sets, outcome.extras ?? null);
  return { simRunId: run.simRunId, audit: record ? [audit, record] : [audit] };
}
