import type { Tx } from '../../db/client';
import type { AuditActor, AuditEntry } from '../../repositories/audit-repository';
import {
  insertRun,
  setPlanRunStatus,
  type NewSimulationRunRow,
  type SimulationRunRow,
} from '../../repositories/simulation-runs-repository';

/** A run as recordPlanRun stores it: who asked for it is the actor. */
export type PlanRunValues = Omit<
  NewSimulationRunRow,
  'requestedByIssuer' | 'requestedBySubject' | 'requestedBy'
>;

export interface RecordedPlanRun {
  run: SimulationRunRow;
  /** The run's 'create' audit entry, for the caller to append with its others (audit rows go last). */
  audit: AuditEntry;
}

/**
 * Stores a run of a plan requested by `actor` outside POST /ctpo/runsimulation (the demo seed's runs, an imported
 * completed study's baseline), mirrors its status on the plan, and answers the run's audit entry; `auditValues` are
 * added to that entry's new values (where the run came from).
 */
export async function recordPlanRun(
  tx: Tx,
  actor: AuditActor,
  values: PlanRunValues,
  auditValues: Record<string, unknown> = {},
): Promise<RecordedPlanRun> {
  const run = await insertRun(tx, {
    ...values,
    requestedByIssuer: actor.issuer,
    requestedBySubject: actor.subject,
    requestedBy: actor.name,
  });
  const studyId = await setPlanRunStatus(tx, run.studyPlanId, run);
  return {
    run,
    audit: {
      entity: 'simulation_run',
      entityId: run.simRunId,
      studyId,
      action: 'create',
      newValues: {
        studyPlanId: run.studyPlanId,
        status: run.status,
        seed: run.seed,
        replications: run.replications,
        engineVersion: run.engineVersion,
        ...auditValues,
      },
    },
  };
}
