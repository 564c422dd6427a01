import { randomInt, randomUUID } from 'node:crypto';
import { ENGINE_VERSION } from '@predict/engine';
import {
  PLAN_NOT_READY_MESSAGE,
  planNotReadyMessage,
  type PlanValidationItem,
  SIM_RUN_TEXTS,
  type RunSimulationBody,
  type SimulationStatus,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../http-errors';
import type { RunQueue } from '../../jobs/run-queue';
import { writeAudit } from '../../repositories/audit-repository';
import { findLivePlan, lockLivePlan } from '../../repositories/plans-repository';
import {
  failActiveRun,
  findActiveRun,
  findLatestRun,
  insertRun,
  setPlanRunStatus,
  type SimulationRunRow,
} from '../../repositories/simulation-runs-repository';
import { withCalibratedUncertainty } from './calibrated-uncertainty';
import { isCombinationPlan } from './combination-simulation-input';
import { readPlanDetail } from '../plans/read-plans';
import { presentRun } from './presenters/run-presenter';
import { planRunInput, runnableStatusOf } from './validate-plan-run';

/** Ours: the queue refused the job (the database was unavailable); nothing ran. */
export const NOT_QUEUED_MESSAGE = 'The simulation could not be queued. Please try again.';
/** Monte Carlo replications of a run (design section 7). */
export const DEFAULT_REPLICATIONS = 2_000;
/** Ours: the spec only shows the client navigating for a plan that is not Draft. */
export const RUN_NOT_DRAFT_MESSAGE = "Only plans with status 'Draft' can be run.";
/** Ours: the same for combination plans, whose Draft is Draft-Combo (spec/1 section 4). */
export const RUN_NOT_DRAFT_COMBO_MESSAGE = "Only combination plans with status 'Draft-Combo' can be run.";
/**
 * The 400 of a plan the review rules block, saying what is missing and where (a refusal, not a failed run): each
 * error at its code, and every item (warnings too) for the UI.
 */
function notReady(items: PlanValidationItem[]): HttpError {
  const errors = items.filter((i) => i.severity === 'error');
  return new HttpError(
    400,
    planNotReadyMessage(errors),
    errors.map((e) => ({ path: e.code, message: e.message })),
    { items },
  );
}

/**
 * POST /ctpo/runsimulation: records a simulation run of a Draft plan that passes the review rules (a Draft-Combo
 * combination whose member plans all pass them), with the engine input built from the plan, a seed, the replications and the engine version, as REQUESTING, then queues its job
 * (pg-boss; the workers take it from there, see execute-simulation-run.ts). The plan shows the run's id and
 * status. While a run of the plan has not finished, a new request answers that run instead of recording another.
 * The run and its audit rows are one transaction (the plan row lock makes concurrent requests queue); the job is
 * queued right after it commits (the embedded database runs one transaction at a time, and the queue shares it),
 * and a run whose job the queue refuses ends as TEMPORARY_PROBLEM at once rather than waiting forever.
 */
export async function requestSimulationRun(
  db: Db,
  queue: Pick<RunQueue, 'enqueue'>,
  user: AuthUser,
  body: RunSimulationBody,
): Promise<{ created: boolean; status: SimulationStatus }> {
  const requested = await recordRun(db, user, body.studyPlanId);
  if (!requested.created) return { created: false, status: presentRun(requested.run) };
  const { run } = requested;
  try {
    await queue.enqueue(run.simRunId, run.jobId!);
    return { created: true, status: presentRun(run) };
  } catch (error) {
    const failed = await db.transaction(async (tx) => {
      const row = await failActiveRun(tx, run.simRunId, {
        status: 'TEMPORARY_PROBLEM',
        message: NOT_QUEUED_MESSAGE,
        detail: error instanceof Error ? error.message.slice(0, 2000) : null,
      });
      if (!row) return null;
      const studyId = await setPlanRunStatus(tx, row.studyPlanId, row);
      await writeAudit(tx, user, {
        entity: 'simulation_run',
        entityId: row.simRunId,
        studyId,
        action: 'status',
        oldValues: { status: run.status },
        newValues: { status: row.status, message: row.message },
      });
      return row;
    });
    return { created: true, status: presentRun(failed ?? run) };
  }
}

async function recordRun(
  db: Db,
  user: AuthUser,
  planId: number,
): Promise<{ created: boolean; run: SimulationRunRow }> {
  return db.transaction(async (tx) => {
    const locked = await lockLivePlan(tx, planId);
    if (!locked) throw notFound('Plan');
    if (locked.scenarioStatus !== runnableStatusOf(locked)) {
      throw new HttpError(
        409,
        isCombinationPlan(locked) ? RUN_NOT_DRAFT_COMBO_MESSAGE : RUN_NOT_DRAFT_MESSAGE,
      );
    }
    const active = await findActiveRun(tx, planId);
    if (active) return { created: false, run: active };

    const plan = await readPlanDetail(tx, user, planId);
    const { items, input, notice } = await planRunInput(tx, user, plan);
    if (items.some((i) => i.severity === 'error')) throw notReady(items);
    if (!input)
      throw new HttpError(400, PLAN_NOT_READY_MESSAGE, [
        { path: 'plan', message: notice ?? PLAN_NOT_READY_MESSAGE },
      ]);
    const calibrated = await withCalibratedUncertainty(tx, plan, input, isCombinationPlan(locked));

    const run = await insertRun(tx, {
      studyPlanId: planId,
      status: 'REQUESTING',
      message: SIM_RUN_TEXTS.requesting,
      seed: randomInt(1, 2_147_483_647),
      replications: DEFAULT_REPLICATIONS,
      engineVersion: ENGINE_VERSION,
      jobId: randomUUID(),
      inputs: calibrated.input,
      calibrationVersion: calibrated.calibrationVersion,
      requestedByIssuer: user.issuer,
      requestedBySubject: user.subject,
      requestedBy: user.name,
    });
    await setPlanRunStatus(tx, planId, run);
    await writeAudit(
      tx,
      user,
      {
        entity: 'simulation_run',
        entityId: run.simRunId,
        studyId: locked.studyId,
        action: 'create',
        newValues: {
          studyPlanId: planId,
          status: run.status,
          seed: run.seed,
          replications: run.replications,
          engineVersion: run.engineVersion,
          calibrationVersion: run.calibrationVersion,
        },
      },
      {
        entity: 'study_plan',
        entityId: planId,
        entityVersion: locked.rowVersion,
        action: 'status',
        oldValues: { simOptRunId: locked.simOptRunId, simOptRunStatus: locked.simOptRunStatus },
        newValues: { simOptRunId: String(run.simRunId), simOptRunStatus: run.status },
      },
    );
    return { created: true, run };
  });
}

/** GET /ctpo/simulation/status/plan/{planId}: the plan's latest run, or NOT_STARTED when it has none. */
export async function readSimulationStatus(db: Db, planId: number): Promise<SimulationStatus> {
  if (!(await findLivePlan(db, planId))) throw notFound('Plan');
  const run = await findLatestRun(db, planId);
  if (run) return presentRun(run);
  return {
    simOptRunId: null,
    simOptRunStatus: 'NOT_STARTED',
    simOptRunMsg: SIM_RUN_TEXTS.notStarted,
    simOptRunDetail: null,
  };
}
