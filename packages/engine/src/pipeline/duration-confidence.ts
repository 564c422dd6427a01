import type { ResultSets } from '../results/result-sets';
import type { ScenarioBCheck } from '../scenarios/scenario-b-refine';
import { DAYS_PER_MONTH } from '../time';
import type { PlanJob } from './types';

/** Puts scenario B's checked confidence (solveSimulation's `scenarioB.check`) on the Last Patient In row. */
export function showDurationConfidence(sets: ResultSets, job: PlanJob): void {
  const s = job.scenarioB as
    { check?: ScenarioBCheck | null; confidence: number; durationDays: number } | null | undefined;
  const row = sets.enrollmentTable.find((r) => r.SortName === 'Last Patient In');
  if (!s?.check || !row) return;
  row.durationConfidence = {
    durationMonths: Math.round((s.durationDays / DAYS_PER_MONTH) * 100) / 100,
    targetPercent: Math.round(s.confidence * 1000) / 10,
    achieved: s.check.probability,
    standardError: s.check.standardError,
    replications: s.check.replications,
  };
}
