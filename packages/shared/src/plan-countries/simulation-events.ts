/**
 * GET /ctpo/simulation/events/plan/{planId} (ours, issue 13 item 10): the plan's run status as server-sent events,
 * one `status` event (a SimulationStatus as JSON) now and at each change, until the run finishes.
 */
export const simulationEventsUrl = (planId: number) => `/ctpo/simulation/events/plan/${planId}`;
export const SIMULATION_STATUS_EVENT = 'status';
