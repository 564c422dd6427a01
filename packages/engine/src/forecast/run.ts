/** Running replications of the forecast: chunks [from, to) that merge into exactly the single-run result. */
import type { PreparedPlan } from '../model/prepared-plan';
import { compilePlan, type CompiledPlan } from './compile';
import { ReplicationWorkspace } from './intensity';
import { simulateReplication } from './replicate';
import { ReplicationOutput } from './walk-common';
import { recordSettled } from './settled';
import { summarizeForecast } from './summarize';
import {
  MILESTONE_KEYS,
  SERIES_KEYS,
  type Forecast,
  type ForecastChunk,
  type RunOptions,
  type StopRule,
} from './types';

const UINT16_MAX = 65_535;
const UINT32_MAX = 4_294_967_295;

/**
 * Largest count a replication can record: Uint16 storage when a generous bound on every count fits (twice the
 * expected number screened plus 1,000; exceeding it has negligible probability and only stops screening early).
 */
function countStorage(cp: CompiledPlan, stopRule: StopRule): { cap: number; wide: boolean } {
  let minPass = 1;
  for (const p of cp.classPass) minPass = Math.min(minPass, p);
  const screenedBound =
    stopRule === 'screened'
      ? cp.targetScreened
      : minPass > 0
        ? Math.ceil((2 * cp.targetEnrolled) / minPass) + 1000
        : Infinity;
  const bound = Math.max(screenedBound, cp.nSites);
  return bound <= UINT16_MAX ? { cap: UINT16_MAX, wide: false } : { cap: UINT32_MAX, wide: true };
}

function checkOptions(options: RunOptions): void {
  const { seed, from, to } = options;
  if (!Number.isSafeInteger(seed)) throw new RangeError('seed must be a safe integer');
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to < from) {
    throw new RangeError('replication range must be integers with 0 <= from <= to');
  }
}

/** Runs replications [from, to) of the plan's forecast with `seed`; the result merges with other chunks. */
export function runReplications(prepared: PreparedPlan, options: RunOptions): ForecastChunk {
  checkOptions(options);
  const stopRule = options.stopRule ?? 'enrolled';
  const cp = compilePlan(prepared, options.grid);
  const n = options.to - options.from;
  const nM = MILESTONE_KEYS.length;
  const stride = SERIES_KEYS.length * cp.grid.length;
  const storage = countStorage(cp, stopRule);
  const milestones = new Float64Array(n * nM);
  const counts = storage.wide ? new Uint32Array(n * stride) : new Uint16Array(n * stride);
  const ws = new ReplicationWorkspace(cp);
  const out = new ReplicationOutput(milestones, counts, storage.cap);
  for (let i = 0; i < n; i++) {
    out.msOff = i * nM;
    out.cntOff = i * stride;
    simulateReplication(cp, ws, options.seed, options.from + i, stopRule, out);
  }
  recordSettled(counts, out.settled);
  return {
    seed: options.seed,
    from: options.from,
    to: options.to,
    horizonDays: prepared.horizonDays,
    targetScreened: prepared.targetScreened,
    targetEnrolled: prepared.targetEnrolled,
    stopRule,
    grid: cp.grid,
    milestones,
    counts,
  };
}

/** Options of runForecast. */
export interface ForecastOptions {
  seed: number;
  /** Number of replications (default 2,000). */
  replications?: number;
  /** Quantile levels in percent (default 10, 50, 90). */
  levels?: readonly number[];
  grid?: readonly number[];
  stopRule?: StopRule;
}

/** Runs the whole forecast on this thread and summarizes it (levels in percent, days since day 0). */
export function runForecast(prepared: PreparedPlan, options: ForecastOptions): Forecast {
  const chunk = runReplications(prepared, {
    seed: options.seed,
    from: 0,
    to: options.replications ?? 2000,
    ...(options.grid ? { grid: options.grid } : {}),
    ...(options.stopRule ? { stopRule: options.stopRule } : {}),
  });
  return summarizeForecast(chunk, options.levels);
}
