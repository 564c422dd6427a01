import { isFailedRunStatus, SIM_RUN_TEXTS, type SimulationStatus } from '@predict/shared';

/** spec/1 section 9: the simulation status is polled every 15 seconds. */
export const SIMULATION_POLL_MS = 15_000;

const T = SIM_RUN_TEXTS;

export type SimulationPhase = 'pending' | 'completed' | 'failed';

/** Pending statuses are polled; COMPLETED_OK and the failures end polling (spec/1 section 4). */
export function simulationPhase(status: Pick<SimulationStatus, 'simOptRunStatus'>): SimulationPhase {
  if (status.simOptRunStatus === 'COMPLETED_OK') return 'completed';
  return isFailedRunStatus(status.simOptRunStatus) ? 'failed' : 'pending';
}

/** What the status view says, as spec/1 section 4 lists it: a heading and the lines under it. */
export interface StatusText {
  title: string;
  lines: string[];
}

const present = (...values: (string | null)[]) => values.filter((v): v is string => !!v && v.trim() !== '');

export function statusText(status: SimulationStatus): StatusText {
  const { simOptRunStatus: s, simOptRunMsg: msg, simOptRunDetail: detail } = status;
  switch (s) {
    case 'NOT_STARTED':
      return { title: T.notStarted, lines: [] };
    case 'REQUESTING':
      return { title: T.requesting, lines: [] };
    case 'RUNNING':
      return { title: T.running, lines: [] };
    case 'PROCESSING':
      return { title: s, lines: present(msg || T.processing, detail) };
    case 'COMPLETED_OK':
      return { title: s, lines: [] };
    case 'INTERNAL_ERROR':
      return { title: s, lines: present(msg || T.failed, detail) };
    default:
      // Other failures: the spec's text, with the server's reasons under it when it gave any.
      return { title: T.failed, lines: present(msg, detail) };
  }
}
