import type { SimRunStatus } from './run-request-schemas';

/** The statuses a run ends with (spec/1 section 4): the status is no longer polled, and a status stream ends. */
export const FINISHED_RUN_STATUSES: readonly SimRunStatus[] = [
  'COMPLETED_OK',
  'BAD_REQUEST',
  'INTERNAL_ERROR',
  'TEMPORARY_PROBLEM',
  'ERROR_CLIENT_BAD_REQ',
];
export const isFinishedRunStatus = (status: SimRunStatus) => FINISHED_RUN_STATUSES.includes(status);

/**
 * GET /ctpo/simulation/events/plan/{planId} (ours, issue 13 item 10): the plan's run status as server-sent events,
 * one `status` event (a SimulationStatus as JSON) now and at each change, until the run finishes.
 */
export const simulationEventsUrl = (planId: number) => `/ctpo/simulation/events/plan/${planId}`;
export const SIMULATION_STATUS_EVENT = 'status';
