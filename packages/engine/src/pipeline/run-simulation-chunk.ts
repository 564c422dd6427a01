/** The pipeline's third step, on a worker: a range of replications -> its mergeable summary. */
import { runReplications } from '../forecast/run';
import { summarizeChunk, type ChunkSummary } from '../forecast/summarize';
import type { ForecastChunk } from '../forecast/types';
import { remodelForecastChunk } from '../results/remodel-forecast';
import { combineForecastChunks } from '../scenarios/combination';
import type { ReplicationRange, SimulationWork } from './types';

/** The forecast chunk of replications [from, to) of the work (the whole plan's terms: counts, days since day 0). */
function forecastChunk(work: SimulationWork, { from, to }: ReplicationRange): ForecastChunk {
  switch (work.kind) {
    case 'plan':
      return runReplications(work.plan, { seed: work.seed, from, to });
    case 'remodel':
      // The projection counts the remaining patients only: map its replications onto the whole plan.
      return remodelForecastChunk(
        work.remodel,
        runReplications(work.remodel.projection!, { seed: work.seed, from, to }),
      );
    case 'combination': {
      const chunks = work.parts.map((plan, k) =>
        runReplications(plan, { seed: work.seed + k, from, to, grid: work.grids[k]! }),
      );
      return combineForecastChunks(chunks, work.offsets);
    }
  }
}

/**
 * Runs replications [from, to) of a job's work (job.work) and summarizes them; the summaries of ranges covering
 * 0..replications merge (finishSimulation) into exactly the single-run forecast. O(replications x horizon).
 */
export function runSimulationChunk(work: SimulationWork, range: ReplicationRange): ChunkSummary {
  return summarizeChunk(forecastChunk(work, range));
}
