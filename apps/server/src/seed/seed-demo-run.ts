import { ENGINE_VERSION } from '@predict/engine';
import { SIM_RUN_TEXTS } from '@predict/shared';
import { inlineEngine } from '../jobs/run-engine';
import { SYSTEM_ACTOR, writeAudit } from '../repositories/audit-repository';
import { findDemoPlanId } from '../repositories/demo-seed-repository';
import { lockLivePlan } from '../repositories/plans-repository';
import { findLatestRun } from '../repositories/simulation-runs-repository';
import { executeSimulationRun } from '../services/runs/execute-simulation-run';
import { readPlanDetail } from '../services/plans/read-plans';
import { recordPlanRun } from '../services/runs/record-plan-run';
import { planRunInput, runnableStatusOf } from '../services/runs/validate-plan-run';
import type { Db } from '../db/client';
import { DEMO_ACTUALS_STUDY_PLANS } from './demo-actuals';
import { DEMO_RUN_REPLICATIONS, DEMO_RUN_SEED, DEMO_STUDY_PLANS } from './demo-plans';
import { DEMO_PLAN_AUTHOR } from './seed-demo-plans';

/**
 * Records the run as POST /ctpo/runsimulation does (review rules, engine input), with the demo's seed; null when the
 * plan cannot be run (a user changed it before the run was seeded), which leaves it as the user left it.
 */
async function recordDemoRun(db: Db, planId: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const locked = await lockLivePlan(tx, planId);
    if (!locked || locked.scenarioStatus !== runnableStatusOf(locked)) return null;
    const plan = await readPlanDetail(tx, DEMO_PLAN_AUTHOR, planId);
    // No input when a review rule fails (of a combination: of one of its members).
    const { input } = await planRunInput(tx, DEMO_PLAN_AUTHOR, plan);
    if (!input) return null;
    const { run, audit } = await recordPlanRun(tx, SYSTEM_ACTOR, {
      studyPlanId: planId,
      status: 'NOT_STARTED',
      message: SIM_RUN_TEXTS.notStarted,
      seed: DEMO_RUN_SEED,
      replications: DEMO_RUN_REPLICATIONS,
      engineVersion: ENGINE_VERSION,
      inputs: input,
    });
    await writeAudit(tx, SYSTEM_ACTOR, audit);
    return run.simRunId;
  });
}

/** Names of the plans and combinations of a demo study that are marked `run`. */
const runNames = (spec: (typeof DEMO_STUDY_PLANS)[number]) => [
  ...spec.plans.filter((p) => p.run).map((p) => p.step1.studyPlanName),
  ...(spec.combinations ?? []).filter((c) => c.run).map((c) => c.studyPlanName),
];

/**
 * Gives each demo plan and combination marked `run` a finished run when it has never been run and can be: recorded like a user's
 * request, then executed here by the job handler itself (executeSimulationRun: RUNNING, PROCESSING, every result set
 * and COMPLETED_OK, each in its transaction) with the engine's pipeline on this thread, so no queue is
 * needed. Answers the final status of each run made.
 */
export async function seedDemoRuns(db: Db, log?: (line: string) => void): Promise<string[]> {
  const statuses: string[] = [];
  const all = [...DEMO_STUDY_PLANS, ...DEMO_ACTUALS_STUDY_PLANS].flatMap((spec) =>
    runNames(spec).map((name) => ({ projectId: spec.projectId, name })),
  );
  for (const [i, { projectId, name }] of all.entries()) {
    const planId = await findDemoPlanId(db, projectId, name);
    if (planId === null || (await findLatestRun(db, planId))) continue;
    const simRunId = await recordDemoRun(db, planId);
    if (simRunId === null) continue;
    log?.(`  simulation run ${i + 1} of ${all.length}: ${projectId} ${name}`);
    await executeSimulationRun({ db, engine: inlineEngine }, simRunId);
    statuses.push((await findLatestRun(db, planId))?.status ?? 'unknown');
  }
  return statuses;
}
