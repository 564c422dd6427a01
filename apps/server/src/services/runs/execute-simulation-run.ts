import { ENGINE_VERSION } from '@predict/engine';
import { SIM_RUN_TEXTS, type SimRunStatus } from '@predict/shared';
import type { Db } from '../../db/client';
import type { ForecastExtras } from '../../jobs/forecast-extras';
import type { EngineOutcome, EngineRunner } from '../../jobs/run-engine';
import type { RunHolds } from '../../jobs/run-holds';
import { SYSTEM_ACTOR, writeAudit, type AuditEntry } from '../../repositories/audit-repository';
import { insertResultSets } from '../../repositories/simulation-results-repository';
import {
  claimRun,
  EXECUTING_RUN_STATUSES,
  findRun,
  finishRun,
  setPlanRunStatus,
  touchRun,
  type SimulationRunRow,
} from '../../repositories/simulation-runs-repository';
import { recordForecast } from '../forecast-records/record-forecast';

/** Ours (the spec names no message for these statuses). */
export const COMPLETED_MESSAGE = 'Simulation completed.';
export const BAD_INPUT_MESSAGE = 'The simulation input is not valid.';
export const INTERNAL_ERROR_MESSAGE = 'Simulation failed on an unexpected error.';

/**
 * How long a run may go untouched before another worker takes it over (its executing worker died). The holds
 * (jobs/run-holds.ts) usually tell sooner; the lease is the rule when they cannot. Six heartbeats long, so that a
 * busy database (the embedded one serialises every query) does not make a live worker lose its run.
 */
export const RUN_LEASE_SECONDS = 30;
/** How often an execution touches its run. */
export const RUN_HEARTBEAT_SECONDS = 5;

/** Thrown while another live execution holds the run: the job is retried later and then finds it finished. */
export class RunLeasedError extends Error {
  constructor(simRunId: number) {
    super(`Simulation run ${simRunId} is being executed by another worker.`);
  }
}

export interface ExecuteRunDeps {
  db: Db;
  engine: EngineRunner;
  leaseSeconds?: number;
  /** The workers' run holds; without them (tests, the demo seed) only the lease tells a dead execution. */
  holds?: Pick<RunHolds, 'take' | 'release'>;
}

export type ExecuteRunResult = 'completed' | 'failed' | 'skipped';

const count = (n: number) => n.toLocaleString('en-US');
export const replicationsDetail = (done: number, total: number) =>
  `${count(done)} of ${count(total)} replications`;

/** A connection or server-restart error: the job is retried (the run stays with its lease) rather than failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code ?? '';
  return [
    'ECONNREFUSED',
    'ECONNRESET',
    'EPIPE',
    '57P01',
    '57P02',
    '57P03',
    '08000',
    '08003',
    '08006',
    '08001',
  ].includes(code);
}

/**
 * Executes one simulation run (the pg-boss job's handler): RUNNING, then PROCESSING with the replications done as
 * detail, then every result set, the forecast of record and COMPLETED_OK in one transaction; BAD_REQUEST with the reasons for an input
 * the engine refuses; INTERNAL_ERROR with the error for anything else the engine throws. Each status is mirrored
 * onto the plan. Idempotent: a retried job of a finished run does nothing, and only the execution that claimed
 * the run (its startedAt) can finish it, so a run completes exactly once. A database outage is rethrown so that
 * pg-boss retries the job; the retry takes the run over. With `holds`, the run's hold is taken before the claim
 * and kept until the end: a run held elsewhere is left alone, and a run nobody holds is taken over at once.
 */
export async function executeSimulationRun(
  deps: ExecuteRunDeps,
  simRunId: number,
): Promise<ExecuteRunResult> {
  const { db, holds } = deps;
  // Held here: no live execution has the run, so whoever claimed it last has died, whatever its lease says.
  const holding = holds ? await holds.take(simRunId) : false;
  if (holds && !holding) return leasedOrSkipped(db, simRunId);
  try {
    return await execute(deps, simRunId, holding);
  } finally {
    if (holding) await holds!.release(simRunId);
  }
}

async function leasedOrSkipped(db: Db, simRunId: number): Promise<ExecuteRunResult> {
  const current = await findRun(db, simRunId);
  if (current && (EXECUTING_RUN_STATUSES as readonly string[]).includes(current.status)) {
    throw new RunLeasedError(simRunId);
  }
  return 'skipped';
}

async function execute(deps: ExecuteRunDeps, simRunId: number, holding: boolean): Promise<ExecuteRunResult> {
  const { db } = deps;
  const leaseSeconds = deps.leaseSeconds ?? RUN_LEASE_SECONDS;
  const run = await db.transaction(async (tx) => {
    const claimed = await claimRun(
      tx,
      simRunId,
      { leaseSeconds, holderGone: holding },
      { message: SIM_RUN_TEXTS.running, engineVersion: ENGINE_VERSION },
    );
    if (claimed) await setPlanRunStatus(tx, claimed.studyPlanId, claimed);
    return claimed;
  });
  if (!run) return leasedOrSkipped(db, simRunId);
  const token = run.startedAt!;
  const heartbeat = setInterval(
    () => void touchRun(db, simRunId, token, {}).catch(() => undefined),
    Math.min(RUN_HEARTBEAT_SECONDS, leaseSeconds / 4) * 1000,
  );
  heartbeat.unref();
  try {
    let outcome: EngineOutcome;
    try {
      outcome = await runEngine(deps, run, token);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      const e = error instanceof Error ? error : new Error(String(error));
      return await finish(db, run, token, {
        status: 'INTERNAL_ERROR',
        message: INTERNAL_ERROR_MESSAGE,
        detail: (e.message || e.name).slice(0, 2000),
      });
    }
    if (!outcome.ok) {
      const reasons = outcome.errors.map((err) => `${err.path || 'input'}: ${err.message}`);
      return await finish(db, run, token, {
        status: 'BAD_REQUEST',
        message: BAD_INPUT_MESSAGE,
        detail: reasons.join('; ').slice(0, 2000),
      });
    }
    return await finish(
      db,
      run,
      token,
      { status: 'COMPLETED_OK', message: COMPLETED_MESSAGE, detail: null },
      { sets: outcome.sets, extras: outcome.extras ?? null },
      outcome.uncertainty ?? null,
    );
  } finally {
    clearInterval(heartbeat);
  }
}

/** Runs the engine, writing PROCESSING and the replications done as they finish (in order, one write at a time). */
async function runEngine(deps: ExecuteRunDeps, run: SimulationRunRow, token: Date): Promise<EngineOutcome> {
  let writes: Promise<unknown> = Promise.resolve();
  let failure: unknown = null;
  let processing = false;
  const onProgress = (done: number, total: number) => {
    const first = !processing;
    processing = true;
    writes = writes.then(async () => {
      const detail = replicationsDetail(done, total);
      if (!first) return touchRun(deps.db, run.simRunId, token, { detail });
      return deps.db.transaction(async (tx) => {
        const row = await touchRun(tx, run.simRunId, token, {
          status: 'PROCESSING',
          message: SIM_RUN_TEXTS.processing,
          detail,
        });
        if (row) await setPlanRunStatus(tx, row.studyPlanId, row);
      });
    });
    writes = writes.catch((error: unknown) => {
      failure ??= error;
    });
  };
  const outcome = await deps.engine.run(run.inputs, {
    seed: run.seed,
    replications: run.replications,
    onProgress,
  });
  await writes;
  if (failure) throw failure;
  return outcome;
}

async function finish(
  db: Db,
  run: SimulationRunRow,
  token: Date,
  values: { status: SimRunStatus; message: string; detail: string | null },
  results?: { sets: Record<string, unknown>; extras: ForecastExtras | null },
  uncertainty: Record<string, number> | null = null,
): Promise<ExecuteRunResult> {
  return db.transaction(async (tx) => {
    // The settings the forecast used are stored with the run, in the update that finishes it.
    const row = await finishRun(tx, run.simRunId, token, { ...values, uncertainty });
    // Another execution took the run over (this one stalled past its lease): it finishes the run, not this one.
    if (!row) return 'skipped';
    // The sets, the forecast of record and COMPLETED_OK commit together: a finished run always has its record.
    let recorded: AuditEntry | null = null;
    if (results) {
      await insertResultSets(tx, run.simRunId, results.sets);
      if (row.status === 'COMPLETED_OK')
        recorded = await recordForecast(tx, row, results.sets, results.extras);
    }
    const studyId = await setPlanRunStatus(tx, run.studyPlanId, row);
    const runEntry: AuditEntry = {
      entity: 'simulation_run',
      entityId: run.simRunId,
      studyId,
      action: 'status',
      oldValues: { status: run.status },
      newValues: { status: row.status, message: row.message, detail: row.detail },
    };
    await writeAudit(tx, SYSTEM_ACTOR, runEntry, ...(recorded ? [recorded] : []));
    return row.status === 'COMPLETED_OK' ? 'completed' : 'failed';
  });
}
