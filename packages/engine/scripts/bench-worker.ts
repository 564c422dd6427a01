/**
 * Worker thread of the benchmark: runs replication ranges on request and returns each range's mergeable summary
 * (summarizeChunk: milestones and count histograms), so the band work runs here and not on the main thread.
 */
import { parentPort } from 'node:worker_threads';
import type { PreparedPlan } from '../src/model/prepared-plan';
import { threadCpuMs } from './bench-cpu';
import { runReplications, summarizeChunk, type ChunkSummary } from '../src/forecast';

export interface ChunkRequest {
  plan: PreparedPlan;
  seed: number;
  from: number;
  to: number;
}

/** A worker's answer: the summary of its range, its busy time (ms, wall clock) and this thread's CPU time (ms). */
export interface ChunkReply {
  summary: ChunkSummary;
  busyMs: number;
  cpuMs: number;
}

parentPort?.on('message', (req: ChunkRequest) => {
  const t0 = performance.now();
  const c0 = threadCpuMs();
  const chunk = runReplications(req.plan, { seed: req.seed, from: req.from, to: req.to });
  const summary = summarizeChunk(chunk);
  const reply: ChunkReply = { summary, busyMs: performance.now() - t0, cpuMs: threadCpuMs() - c0 };
  // Copied, not transferred: detaching an ArrayBuffer invalidates V8's detaching protector in this thread, which
  // deoptimizes every function that reads typed arrays (the next forecast then re-optimizes them). The summary is
  // small (W2, 5,000 replications: about 0.4 MB of milestones and 2 MB of histograms).
  parentPort?.postMessage(reply);
});
