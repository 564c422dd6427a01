import {
  finishSimulation,
  planSimulation,
  replicationRanges,
  runSimulationChunk,
  simulationChunks,
  solveSimulation,
  type ChunkSummary,
  type InputError,
  type ReplicationRange,
  type SimulationJob,
  type SimulationOutput,
} from '@predict/engine';
import type { EnginePool } from './engine-pool';
import { forecastExtras, type ForecastExtras } from './forecast-extras';

export type EngineOutcome =
  | {
      ok: true;
      sets: Record<string, unknown>;
      /** The uncertainty settings the forecast used (the output's forecast.uncertainty); null without them. */
      uncertainty?: Record<string, number> | null;
      /** What the forecast of record keeps beyond the result sets (percentiles, sites band); null without them. */
      extras?: ForecastExtras | null;
    }
  | { ok: false; errors: InputError[] };

/** The uncertainty settings of an engine output (`forecast.uncertainty`), or null when it has none. */
export function uncertaintyOfOutput(output: SimulationOutput): Record<string, number> | null {
  const forecast = output.forecast as { uncertainty?: unknown } | null | undefined;
  const u = forecast?.uncertainty;
  if (u === null || typeof u !== 'object') return null;
  const numbers = Object.entries(u).filter((e): e is [string, number] => Number.isFinite(e[1]));
  return numbers.length > 0 ? Object.fromEntries(numbers) : null;
}

export interface EngineRunOptions {
  seed: number;
  replications: number;
  /** Called as replication ranges finish (done of total). */
  onProgress(done: number, total: number): void;
}

/** Computes a run's result sets from its stored engine input. */
export interface EngineRunner {
  run(raw: unknown, options: EngineRunOptions): Promise<EngineOutcome>;
}

/** A run's replication ranges: two per thread, so that a slow range does not leave a thread idle for long. */
export function threadRanges(replications: number, threads: number): ReplicationRange[] {
  return replicationRanges(replications, threads * 2);
}

/**
 * The engine's pipeline on the pool's threads: the job is planned and finished here, scenario B's solve and the
 * replication ranges run on the threads, and the merged summaries equal the single-thread forecast. Not run:
 * scenario B's site-count search, whose counts the result sets do not show (they describe the upper bounds).
 */
export function poolEngine(pool: EnginePool): EngineRunner {
  return {
    async run(raw, o) {
      const planned = planSimulation(raw, { seed: o.seed, replications: o.replications, siteSearch: false });
      if (!planned.ok) return planned;
      const job = planned.job.solve ? await pool.run({ kind: 'solve', job: planned.job }) : planned.job;
      const work = job.work;
      let done = 0;
      o.onProgress(0, o.replications);
      const summaries = work
        ? await Promise.all(
            threadRanges(o.replications, pool.threads).map(async (range) => {
              const summary = await pool.run({ kind: 'chunk', work, range });
              done += range.to - range.from;
              o.onProgress(done, o.replications);
              return summary;
            }),
          )
        : [];
      if (!work) o.onProgress(o.replications, o.replications);
      return finishedOutcome(job, summaries);
    },
  };
}

/** The outcome of a job whose replications have all run: its result sets, settings and forecast extras. */
function finishedOutcome(job: SimulationJob, summaries: readonly ChunkSummary[]): EngineOutcome {
  const output = finishSimulation(job, summaries);
  return {
    ok: true,
    sets: output.resultSets as unknown as Record<string, unknown>,
    uncertainty: uncertaintyOfOutput(output),
    extras: forecastExtras(job, summaries),
  };
}

/**
 * The engine's pipeline on this thread (the same steps the worker threads run, and the same result sets), so the
 * demo seed and tests start no threads or queue. No site-count search, as in a run.
 */
export const inlineEngine: EngineRunner = {
  async run(raw, o) {
    const planned = planSimulation(raw, { seed: o.seed, replications: o.replications, siteSearch: false });
    if (!planned.ok) return planned;
    const job = solveSimulation(planned.job);
    const summaries: ChunkSummary[] = [];
    o.onProgress(0, job.replications);
    for (const range of simulationChunks(job, 1)) {
      summaries.push(runSimulationChunk(job.work!, range));
      o.onProgress(range.to, job.replications);
    }
    if (!job.work) o.onProgress(job.replications, job.replications);
    return finishedOutcome(job, summaries);
  },
};
