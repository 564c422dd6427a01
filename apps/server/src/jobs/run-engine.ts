import {
  buildResultSets,
  cohortChain,
  cohortPlanLine,
  computePlanLine,
  DAYS_PER_MONTH,
  forecastForResults,
  forecastFromSummary,
  isSequentialCohortPlan,
  mergeChunkSummaries,
  milestoneLevels,
  parseSimulationInput,
  preparePlan,
  type InputError,
  type SimulationInput,
} from '@predict/engine';
import type { EnginePool } from './engine-pool';

export type EngineOutcome = { ok: true; sets: Record<string, unknown> } | { ok: false; errors: InputError[] };

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

/** Contiguous replication ranges, two per thread so that a slow range does not leave a thread idle for long. */
export function replicationRanges(replications: number, threads: number): { from: number; to: number }[] {
  const count = Math.max(1, Math.min(replications, threads * 2));
  return Array.from({ length: count }, (_, k) => ({
    from: Math.floor((k * replications) / count),
    to: Math.floor(((k + 1) * replications) / count),
  }));
}

/** Forecast levels: 10, 50, 90 and the plan's milestone levels (as the engine CLI). */
function levelsOf(input: SimulationInput) {
  const byMilestone = milestoneLevels(input);
  const levels = [...new Set([10, 50, 90, ...Object.values(byMilestone)])].sort((a, b) => a - b);
  return { byMilestone, levels };
}

/**
 * The engine CLI's assembly (packages/engine/scripts/simulate-run.ts) for the inputs the server builds - a Rates
 * plan, a Duration plan (scenario B solve at the plan's confidence) and a sequential cohort plan - with the Monte
 * Carlo split into replication ranges on the pool's threads and merged exactly (the merged summary equals the
 * single-thread forecast). Remodel and combination inputs run the CLI's assembly whole on one thread. Not run:
 * scenario B's site-count search, whose counts the result sets do not show (they describe the upper bounds).
 */
export function poolEngine(pool: EnginePool): EngineRunner {
  return {
    async run(raw, o) {
      const rec = (raw ?? {}) as Record<string, unknown>;
      if (rec.combineWith !== undefined || rec.remodel !== undefined) {
        const result = await pool.run({ kind: 'whole', raw, seed: o.seed, replications: o.replications });
        if (!result.ok) return result;
        o.onProgress(o.replications, o.replications);
        return { ok: true, sets: result.output.resultSets as Record<string, unknown> };
      }
      const parsed = parseSimulationInput(raw);
      if (!parsed.ok) return parsed;
      const input = parsed.input;
      const p = input.plan;
      let prepared = preparePlan(input);
      if (p.studyPlanType === 2 && p.overallEnrollmentDuration != null) {
        const pct = p.overallEnrollmentDurationConfidence;
        prepared = await pool.run({
          kind: 'scenarioB',
          plan: prepared,
          durationDays: p.overallEnrollmentDuration * DAYS_PER_MONTH,
          confidence: pct == null || pct === -1 ? 0.5 : pct / 100,
          seed: o.seed,
          replications: o.replications,
        });
      }
      let done = 0;
      const plan = prepared;
      o.onProgress(0, o.replications);
      const summaries = await Promise.all(
        replicationRanges(o.replications, pool.threads).map(async ({ from, to }) => {
          const summary = await pool.run({ kind: 'chunk', plan, seed: o.seed, from, to });
          done += to - from;
          o.onProgress(done, o.replications);
          return summary;
        }),
      );
      const { byMilestone, levels } = levelsOf(input);
      const forecast = forecastFromSummary(mergeChunkSummaries(summaries), levels);
      // A sequential cohort plan's plan line follows the cohort schedule (the result sets use the same line).
      const chain = isSequentialCohortPlan(p) ? cohortChain(p.cohorts ?? [], plan) : null;
      const planLine = chain ? cohortPlanLine(plan, chain) : computePlanLine(plan);
      const sets = buildResultSets(
        input,
        plan,
        planLine,
        forecastForResults(forecast, plan.day0Ms, byMilestone),
      );
      return { ok: true, sets: sets as unknown as Record<string, unknown> };
    },
  };
}
