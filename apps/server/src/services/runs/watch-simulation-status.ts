import { isFinishedRunStatus, SIM_RUN_TEXTS, type SimulationStatus } from '@predict/shared';
import type { Db } from '../../db/client';
import { findLatestRunStatus } from '../../repositories/simulation-runs-repository';
import { presentRun } from './presenters/run-presenter';

/**
 * How often an open status stream reads the run (ms). Reading the database rather than listening to the workers
 * makes every shape alike: the embedded workers, workers in another process (the scaled shape) and PGlite; the
 * read is one indexed row without the run's input.
 */
export const STATUS_WATCH_INTERVAL_MS = 500;

const NOT_STARTED: SimulationStatus = {
  simOptRunId: null,
  simOptRunStatus: 'NOT_STARTED',
  simOptRunMsg: SIM_RUN_TEXTS.notStarted,
  simOptRunDetail: null,
};

/** The plan's latest run status as the status route answers it (the plan is known to exist). */
async function latestStatus(db: Db, planId: number): Promise<SimulationStatus> {
  const run = await findLatestRunStatus(db, planId);
  return run ? presentRun(run) : NOT_STARTED;
}

export interface StatusWatch {
  stop(): void;
}

/**
 * Reads the plan's run status every `intervalMs` and calls `onChange` with each status that differs from the last
 * one seen (starting from `initial`), until the run finishes (after its final status), `stop()` is called or a
 * read fails (`onError`; the caller ends the stream and the page falls back to its poll).
 */
export function watchSimulationStatus(
  db: Db,
  planId: number,
  initial: SimulationStatus,
  handlers: { onChange: (status: SimulationStatus) => void; onError: (error: unknown) => void },
  intervalMs = STATUS_WATCH_INTERVAL_MS,
): StatusWatch {
  let last = JSON.stringify(initial);
  let stopped = isFinishedRunStatus(initial.simOptRunStatus);
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      const status = await latestStatus(db, planId);
      if (stopped) return;
      const text = JSON.stringify(status);
      if (text !== last) {
        last = text;
        if (isFinishedRunStatus(status.simOptRunStatus)) stopped = true;
        handlers.onChange(status);
      }
    } catch (error) {
      if (stopped) return;
      stopped = true;
      handlers.onError(error);
    }
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
