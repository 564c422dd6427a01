/**
 * Worker thread of the benchmark: runs replication ranges on request and returns each range's mergeable summary
 * (summarizeChunk: milestones and count histograms), so the band work runs here and not on the main thread. The
 * summary goes back on shared memory (shareChunkSummary) unless the request says `copy`; a `finish` request merges
 * the summaries of a whole run and returns its forecast, so that the main thread does not merge either.
 */
import { parentPort } from 'node:worker_threads';
import type { PreparedPlan } from '../src/model/prepared-plan';
import { threadCpuMs } from './bench-cpu';
import {
  forecastFromSummary,
  mergeChunkSummaries,
  runReplications,
  shareChunkSummary,
  summarizeChunk,
  type ChunkSummary,
  type Forecast,
} from '../src/forecast';

export type ChunkRequest =
  | { kind: 'chunk'; plan: PreparedPlan; seed: number; from: number; to: number; copy: boolean }
  | { kind: 'finish'; summaries: ChunkSummary[] };

/** A worker's answer: the summary of its range, its busy time (ms, wall clock) and this thread's CPU time (ms). */
export interface ChunkReply {
  summary: ChunkSummary;
  busyMs: number;
  cpuMs: number;
}

/** The answer to a finish request: the run's forecast (merged and summarized here). */
export interface FinishReply {
  forecast: Forecast;
}

parentPort?.on('message', (req: ChunkRequest) => {
  if (req.kind === 'finish') {
    const reply: FinishReply = { forecast: forecastFromSummary(mergeChunkSummaries(req.summaries)) };
    parentPort?.postMessage(reply);
    return;
  }
  const t0 = performance.now();
  const c0 = threadCpuMs();
  const chunk = runReplications(req.plan, { seed: req.seed, from: req.from, to: req.to });
  const summary = summarizeChunk(chunk);
  // Shared, not transferred: detaching an ArrayBuffer invalidates V8's detaching protector in this thread, which
  // deoptimizes every function that reads typed arrays. `copy`: the structured clone as before (for comparison).
  const sent = req.copy ? summary : shareChunkSummary(summary);
  const reply: ChunkReply = { summary: sent, busyMs: performance.now() - t0, cpuMs: threadCpuMs() - c0 };
  parentPort?.postMessage(reply);
});
