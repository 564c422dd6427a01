import type { SimRunStatus, SimulationStatus } from '@predict/shared';
import type { SimulationRunRow } from '../../../repositories/simulation-runs-repository';

/** A run as the simulation status answers show it. */
export function presentRun(
  run: Pick<SimulationRunRow, 'simRunId' | 'status' | 'message' | 'detail'>,
): SimulationStatus {
  return {
    simOptRunId: run.simRunId,
    simOptRunStatus: run.status as SimRunStatus,
    simOptRunMsg: run.message,
    simOptRunDetail: run.detail,
  };
}
