/** Simulation run statuses (spec/1 section 4). */
export const SIM_RUN_STATUSES = [
  'NOT_STARTED',
  'REQUESTING',
  'RUNNING',
  'PROCESSING',
  'COMPLETED_OK',
  'BAD_REQUEST',
  'INTERNAL_ERROR',
  'TEMPORARY_PROBLEM',
  'ERROR_CLIENT_BAD_REQ',
] as const;
export type SimRunStatus = (typeof SIM_RUN_STATUSES)[number];

/** The statuses of a run still under way: polled, and at most one per plan. */
export const ACTIVE_RUN_STATUSES = ['NOT_STARTED', 'REQUESTING', 'RUNNING', 'PROCESSING'] as const;
/** The statuses of a run that ended without results. */
export const FAILED_RUN_STATUSES = [
  'BAD_REQUEST',
  'INTERNAL_ERROR',
  'TEMPORARY_PROBLEM',
  'ERROR_CLIENT_BAD_REQ',
] as const;
/** The statuses a run ends with: the status is no longer polled, and a status stream ends. */
export const FINISHED_RUN_STATUSES: readonly SimRunStatus[] = ['COMPLETED_OK', ...FAILED_RUN_STATUSES];

export const isFinishedRunStatus = (status: SimRunStatus) => FINISHED_RUN_STATUSES.includes(status);
export const isFailedRunStatus = (status: SimRunStatus) =>
  (FAILED_RUN_STATUSES as readonly SimRunStatus[]).includes(status);

/** The texts of spec/1 section 4 for a run's status, shown by the web and stored with the run by the server. */
export const SIM_RUN_TEXTS = {
  notStarted: 'Simulation has not started.',
  requesting: 'Requesting...',
  running: 'Simulation is running...',
  processing: 'Simulation is processing...',
  failed: 'Simulation failed.',
} as const;
