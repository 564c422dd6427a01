/** The whole pipeline on this thread: plan, solve, chunks, finish. For the CLI, the demo seed and tests. */
import type { ChunkSummary } from '../forecast/summarize';
import { finishSimulation } from './finish-simulation';
import { planSimulation } from './plan-simulation';
import { runSimulationChunk } from './run-simulation-chunk';
import { solveSimulation } from './solve-simulation';
import type { ReplicationRange, SimulationJob, SimulationOptions, SimulationResult } from './types';

/** `count` contiguous ranges covering replications 0..replications (fewer when there are fewer replications). */
export function replicationRanges(replications: number, count: number): ReplicationRange[] {
  const n = Math.max(1, Math.min(replications, count));
  return Array.from({ length: n }, (_, k) => ({
    from: Math.floor((k * replications) / n),
    to: Math.floor(((k + 1) * replications) / n),
  }));
}

/** The replication ranges of a job in `count` chunks; none when the job has no Monte Carlo. */
export function simulationChunks(job: SimulationJob, count: number): ReplicationRange[] {
  return job.work ? replicationRanges(job.replications, count) : [];
}

export interface SimulateOptions extends SimulationOptions {
  /** Clock in ms for scenario B's site-search time limit (e.g. () => performance.now()); none = no limit. */
  now?: () => number;
  /** Chunks to split the replications into (default 1): the output is the same for any count. */
  chunks?: number;
}

/**
 * Runs one simulation of a JSON-parsed input (any kind) on this thread; invalid input gives the field errors.
 * `onProgress(done, total)` is called with the replications done: 0 first, then as the chunks finish.
 */
export function simulate(
  raw: unknown,
  options: SimulateOptions,
  onProgress?: (done: number, total: number) => void,
): SimulationResult {
  const planned = planSimulation(raw, options);
  if (!planned.ok) return planned;
  const job = solveSimulation(planned.job, options.now);
  const summaries: ChunkSummary[] = [];
  const ranges = simulationChunks(job, options.chunks ?? 1);
  onProgress?.(0, job.replications);
  for (const range of ranges) {
    summaries.push(runSimulationChunk(job.work!, range));
    onProgress?.(range.to, job.replications);
  }
  if (ranges.length === 0) onProgress?.(job.replications, job.replications);
  return { ok: true, output: finishSimulation(job, summaries) };
}
