import type { SimRunStatus, SimulationStatus } from '@predict/shared';

/** spec/1 section 9: the simulation status is polled every 15 seconds. */
export const SIMULATION_POLL_MS = 15_000;

export const NOT_STARTED_TEXT = 'Simulation has not started.';
export const REQUESTING_TEXT = 'Requesting...';
export const RUNNING_TEXT = 'Simulation is running...';
export const PROCESSING_TEXT = 'Simulation is processing...';
export const FAILED_TEXT = 'Simulation failed.';

const FAILURES: readonly SimRunStatus[] = [
  'BAD_REQUEST',
  'INTERNAL_ERROR',
  'TEMPORARY_PROBLEM',
  'ERROR_CLIENT_BAD_REQ',
];

export type SimulationPhase = 'pending' | 'completed' | 'failed';

/** Pending statuses are polled; COMPLETED_OK and the failures end polling (spec/1 section 4). */
export function simulationPhase(status: Pick<SimulationStatus, 'simOptRunStatus'>): SimulationPhase {
  if (status.simOptRunStatus === 'COMPLETED_OK') return 'completed';
  return FAILURES.includes(status.simOptRunStatus) ? 'failed' : 'pending';
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
      return { title: NOT_STARTED_TEXT, lines: [] };
    case 'REQUESTING':
      return { title: REQUESTING_TEXT, lines: [] };
    case 'RUNNING':
      return { title: RUNNING_TEXT, lines: [] };
    case 'PROCESSING':
      return { title: s, lines: present(msg || PROCESSING_TEXT, detail) };
    case 'COMPLETED_OK':
      return { title: s, lines: [] };
    case 'INTERNAL_ERROR':
      return { title: s, lines: present(msg || FAILED_TEXT, detail) };
    default:
      // Other failures: the spec's text, with the server's reasons under it when it gave any.
      return { title: FAILED_TEXT, lines: present(msg, detail) };
  }
}
