/** Worker thread of the benchmark: runs replication ranges on request and returns the chunks (buffers transferred). */
import { parentPort } from 'node:worker_threads';
import type { PreparedPlan } from '../src/model/prepared-plan';
import { runReplications } from '../src/forecast';

export interface ChunkRequest {
  plan: PreparedPlan;
  seed: number;
  from: number;
  to: number;
}

parentPort?.on('message', (req: ChunkRequest) => {
  const chunk = runReplications(req.plan, { seed: req.seed, from: req.from, to: req.to });
  // The chunk owns plain ArrayBuffers (never shared), so they can be moved instead of copied.
  parentPort?.postMessage(chunk, [
    chunk.milestones.buffer as ArrayBuffer,
    chunk.counts.buffer as ArrayBuffer,
  ]);
});
