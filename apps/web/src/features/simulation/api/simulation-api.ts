import {
  resultSetUrl,
  runSettingsUrl,
  SimulationRunSettings,
  SimulationStatus,
  type ResultSetName,
  type ResultSets,
} from '@predict/shared';
import { api, type Parser } from '@/lib/api-client';

export const simulationStatusQueryKey = (planId: number) => ['simulation', 'status', planId] as const;

/** GET /ctpo/simulation/status/plan/{planId}: the latest run of the plan (NOT_STARTED without one). */
export const fetchSimulationStatus = (planId: number, signal?: AbortSignal) =>
  api.get(`/ctpo/simulation/status/plan/${planId}`, SimulationStatus, { signal });

export type ResultSetValue<N extends ResultSetName> = NonNullable<ResultSets[N]>;

/**
 * The sets are large engine structures the server stores and serves as they are; they are not re-validated field
 * by field here, only checked to be JSON objects or arrays, so a wrong answer (an HTML page, an empty body) fails
 * the load instead of breaking a table later.
 */
const resultSetParser = <N extends ResultSetName>(name: N): Parser<ResultSetValue<N>> => ({
  parse(data) {
    if (data === null || typeof data !== 'object')
      throw new Error(`Result set ${name} is not a JSON object.`);
    return data as ResultSetValue<N>;
  },
});

export const resultSetQueryKey = (planId: number, runId: number | null, name: ResultSetName) =>
  ['simulation', 'result', planId, runId, name] as const;

/** One stored result set of the plan's run (spec/1 section 7 results, charts, regioncharts and cohortcharts). */
export const fetchResultSet = <N extends ResultSetName>(name: N, planId: number, signal?: AbortSignal) =>
  api.get(resultSetUrl(name, planId), resultSetParser(name), { signal });

export const runSettingsQueryKey = (planId: number, runId: number | null) =>
  ['simulation', 'settings', planId, runId] as const;

/** GET /ctpo/results/settings/plan/{planId}: the uncertainty settings of the plan's latest finished run. */
export const fetchRunSettings = (planId: number, signal?: AbortSignal) =>
  api.get(runSettingsUrl(planId), SimulationRunSettings, { signal });
