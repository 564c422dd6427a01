/**
 * The worker-thread side of a simulation run (a piscina task module). The main side (run-engine.ts) splits a
 * run's replications into ranges; each range runs here and comes back as its mergeable summary, so the band
 * histograms are built on the threads too. Bundled with esbuild before the pool starts (engine-bundle.ts): no
 * thread loads a TypeScript loader.
 */
import {
  runReplications,
  solveScenarioB,
  summarizeChunk,
  type ChunkSummary,
  type PreparedPlan,
} from '@predict/engine';
import { simulateInput, type SimulateResult } from '../../../../packages/engine/scripts/simulate-run';

export type EngineTask =
  /** Replications [from, to) of the run's plan. */
  | { kind: 'chunk'; plan: PreparedPlan; seed: number; from: number; to: number }
  /** Scenario B: the plan with its rates solved for the enrollment duration at the confidence. */
  | {
      kind: 'scenarioB';
      plan: PreparedPlan;
      durationDays: number;
      confidence: number;
      seed: number;
      replications: number;
    }
  /** Inputs the chunked path does not cover (remodel, combination): the engine CLI's assembly on one thread. */
  | { kind: 'whole'; raw: unknown; seed: number; replications: number };

export type EngineTaskResult<T extends EngineTask> = T extends { kind: 'chunk' }
  ? ChunkSummary
  : T extends { kind: 'scenarioB' }
    ? PreparedPlan
    : SimulateResult;

export default function runTask(task: EngineTask): ChunkSummary | PreparedPlan | SimulateResult {
  switch (task.kind) {
    case 'chunk':
      return summarizeChunk(runReplications(task.plan, { seed: task.seed, from: task.from, to: task.to }));
    case 'scenarioB':
      return solveScenarioB(task.plan, {
        durationDays: task.durationDays,
        confidence: task.confidence,
        seed: task.seed,
        replications: task.replications,
      }).plan;
    case 'whole':
      return simulateInput(task.raw, { replications: task.replications, seed: task.seed });
  }
}
