/**
 * The worker-thread side of a simulation run (a piscina task module): the engine's pipeline steps that run a
 * Monte Carlo (run-engine.ts plans the job and finishes it on the main thread). Each replication range comes back
 * as its mergeable summary, so the band histograms are built on the threads too. Bundled with esbuild before the
 * pool starts (engine-pool.ts): no thread loads a TypeScript loader.
 */
import {
  runSimulationChunk,
  shareChunkSummary,
  solveSimulation,
  type ChunkSummary,
  type ReplicationRange,
  type SimulationJob,
  type SimulationWork,
} from '@predict/engine';

export type EngineTask =
  /** Replications [from, to) of the job's work. */
  | { kind: 'chunk'; work: SimulationWork; range: ReplicationRange }
  /** Scenario B: the job with its rates solved for the enrollment duration at the confidence. */
  | { kind: 'solve'; job: SimulationJob };

export type EngineTaskResult<T extends EngineTask> = T extends { kind: 'chunk' }
  ? ChunkSummary
  : SimulationJob;

export default function runTask(task: EngineTask): ChunkSummary | SimulationJob {
  switch (task.kind) {
    case 'chunk':
      // On shared memory: the main thread receives it without copying (the merge is its only work per chunk).
      return shareChunkSummary(runSimulationChunk(task.work, task.range));
    case 'solve':
      return solveSimulation(task.job);
  }
}
