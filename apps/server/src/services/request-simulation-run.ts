import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  EDITABLE_STATUS,
  type PlanValidationItem,
  type RunSimulationBody,
  type SimRunStatus,
  type SimulationStatus,
} from '@predict/shared';
import type { AuthUser } from '../auth/types';
import type { Db } from '../db/client';
import { HttpError, notFound } from '../http-errors';
import { writeAudit } from '../repositories/audit-repository';
import { findLivePlan, lockLivePlan } from '../repositories/plans-repository';
import {
  findActiveRun,
  findLatestRun,
  insertRun,
  setPlanRunStatus,
  type SimulationRunRow,
} from '../repositories/simulation-runs-repository';
import { buildSimulationInput } from './plan-simulation-input';
import { planDetail } from './read-plan-detail';
import { planRunItems } from './validate-plan-run';

/** spec/1 section 4: the status of a run that has been recorded but not started. */
export const NOT_STARTED_MESSAGE = 'Simulation has not started.';
/** Ours: the spec only shows the client navigating for a plan that is not Draft. */
export const RUN_NOT_DRAFT_MESSAGE = "Only plans with status 'Draft' can be run.";
/** Ours: the answer's message when the review rules block the run; the errors are listed in `fields`. */
export const PLAN_NOT_READY_MESSAGE = 'The plan cannot be run yet.';

const engine = JSON.parse(
  readFileSync(new URL('../../../../packages/engine/package.json', import.meta.url), 'utf8'),
) as { version: string };
/** Recorded with each run, so its results can be traced to the engine that will compute them. */
export const ENGINE_VERSION = `@predict/engine@${engine.version}`;

function presentRun(run: SimulationRunRow): SimulationStatus {
  return {
    simOptRunId: run.simRunId,
    simOptRunStatus: run.status as SimRunStatus,
    simOptRunMsg: run.message,
    simOptRunDetail: run.detail,
  };
}

/** The 400 of a plan the review rules block: each error at its code, and every item (warnings too) for the UI. */
function notReady(items: PlanValidationItem[]): HttpError {
  const errors = items.filter((i) => i.severity === 'error');
  return new HttpError(
    400,
    PLAN_NOT_READY_MESSAGE,
    errors.map((e) => ({ path: e.code, message: e.message })),
    { items },
  );
}

/**
 * POST /ctpo/runsimulation: records a simulation run of a Draft plan that passes the review rules, with the engine
 * input built from the plan, a seed and the engine version, as NOT_STARTED (the simulation itself is run by the
 * workers of a later release; nothing pretends results exist). The plan shows the run's id and status. While a run
 * of the plan has not finished, a new request answers that run instead of recording another. One transaction with
 * its audit rows; the plan row lock makes concurrent requests queue.
 */
export async function requestSimulationRun(
  db: Db,
  user: AuthUser,
  body: RunSimulationBody,
): Promise<{ created: boolean; status: SimulationStatus }> {
  const planId = body.studyPlanId;
  return db.transaction(async (tx) => {
    const locked = await lockLivePlan(tx, planId);
    if (!locked) throw notFound('Plan');
    if (locked.scenarioStatus !== EDITABLE_STATUS) throw new HttpError(409, RUN_NOT_DRAFT_MESSAGE);
    const active = await findActiveRun(tx, planId);
    if (active) return { created: false, status: presentRun(active) };

    const plan = await planDetail(tx, user, planId);
    const items = await planRunItems(tx, plan, 3);
    if (items.some((i) => i.severity === 'error')) throw notReady(items);
    const { input, notice } = buildSimulationInput(plan);
    if (!input)
      throw new HttpError(400, PLAN_NOT_READY_MESSAGE, [
        { path: 'plan', message: notice ?? PLAN_NOT_READY_MESSAGE },
      ]);

    const run = await insertRun(tx, {
      studyPlanId: planId,
      status: 'NOT_STARTED',
      message: NOT_STARTED_MESSAGE,
      seed: randomInt(1, 2_147_483_647),
      engineVersion: ENGINE_VERSION,
      inputs: input,
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
        action: 'create',
        newValues: {
          studyPlanId: planId,
          status: run.status,
          seed: run.seed,
          engineVersion: run.engineVersion,
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
    return { created: true, status: presentRun(run) };
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
    simOptRunMsg: NOT_STARTED_MESSAGE,
    simOptRunDetail: null,
  };
}
