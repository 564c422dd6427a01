/** The pipeline's last step: the merged chunk summaries -> the forecast, plan line and result sets. */
import { mergeChunkSummaries } from '../forecast/merge';
import { forecastFromSummary, type ChunkSummary } from '../forecast/summarize';
import type { SimulationInput } from '../input/schema';
import { DEFAULT_UNCERTAINTY, type UncertaintySettings } from '../model/prepared-plan';
import { computePlanLine } from '../plan-line/compute-plan-line';
import { buildResultSets } from '../results/build-result-sets';
import { forecastForResults } from '../results/from-forecast';
import { milestoneLevels } from '../results/tables';
import { combinedResultSets } from '../scenarios/combination';
import { cohortChain, isSequentialCohortPlan } from '../scenarios/cohorts';
import { cohortPlanLine } from '../scenarios/cohort-plan-line';
import { cohortForecast } from '../scenarios/cohort-forecast';
import { remodelResultSets } from '../scenarios/remodel';
import { showDurationConfidence } from './duration-confidence';
import type { CombinationJob, PlanJob, RemodelJob, SimulationJob, SimulationOutput } from './types';

/**
 * Replications of the cohort chain's Monte Carlo at most: it runs on the main thread after the workers, and 20,000
 * already put its quantiles within a fraction of a day.
 */
const COHORT_FORECAST_MAX_REPLICATIONS = 20_000;

/** Forecast levels (percent): 10, 50, 90 and the plan's milestone levels. */
function levelsOf(input: SimulationInput) {
  const byMilestone = milestoneLevels(input);
  const levels = [...new Set([10, 50, 90, ...Object.values(byMilestone)])].sort((a, b) => a - b);
  return { byMilestone, levels };
}

/** The job's forecast for the result sets (null without a Monte Carlo), from its chunks' summaries. */
function forecastOf(job: SimulationJob, summaries: readonly ChunkSummary[], day0Ms: number) {
  if (!job.work) return null;
  const { byMilestone, levels } = levelsOf(job.input);
  const merged = mergeChunkSummaries(summaries);
  if (merged.from !== 0 || merged.to !== job.replications)
    throw new RangeError(
      `the chunks cover replications ${merged.from}..${merged.to}, not 0..${job.replications}`,
    );
  const results = forecastForResults(forecastFromSummary(merged, levels), day0Ms, byMilestone);
  return {
    results,
    info: { seed: job.seed, replications: job.replications, levels, uncertainty: uncertaintyOf(job) },
  };
}

/**
 * The uncertainty settings the forecast used (defaults filled in), stored with the run and shown in its results;
 * a remodel adds the spread it estimated from the actuals (posterior means of the site and country CVs).
 */
function uncertaintyOf(job: SimulationJob): Record<string, number> {
  if (job.kind === 'remodel') {
    const estimated = job.remodel.estimatedSpread;
    return {
      ...resolved(job.remodel.baseline.uncertainty),
      ...(estimated
        ? { estimatedSiteRateCv: estimated.siteRateCv, estimatedCountryRateCv: estimated.countryRateCv }
        : {}),
    };
  }
  if (job.kind === 'combination') return resolved(job.combined.prepared.uncertainty);
  return resolved(job.prepared.uncertainty);
}

const resolved = (u: Partial<UncertaintySettings>): Record<string, number> => ({
  ...DEFAULT_UNCERTAINTY,
  ...u,
});

/**
 * The simulation's output (result sets and the scenario's figures) from the summaries of chunks covering
 * replications 0..job.replications (runSimulationChunk, any order); none when the job has no work.
 */
export function finishSimulation(job: SimulationJob, summaries: readonly ChunkSummary[]): SimulationOutput {
  if (job.solve) throw new RangeError('solve the job (solveSimulation) before running its chunks');
  switch (job.kind) {
    case 'remodel':
      return finishRemodel(job, summaries);
    case 'combination':
      return finishCombination(job, summaries);
    default:
      return finishPlan(job, summaries);
  }
}

function finishPlan(job: PlanJob, summaries: readonly ChunkSummary[]): SimulationOutput {
  const { input, prepared } = job;
  // A sequential cohort plan's plan line follows the cohort schedule (the result sets use the same line).
  const chain = isSequentialCohortPlan(input.plan) ? cohortChain(input.plan.cohorts ?? [], prepared) : null;
  const planLine = chain ? cohortPlanLine(prepared, chain) : computePlanLine(prepared);
  const f = forecastOf(job, summaries, prepared.day0Ms);
  // The cohort chain's own Monte Carlo (cheap, on this thread): each replication's phase ends start the next cohort.
  const cohortMc =
    chain && f
      ? cohortForecast(input.plan.cohorts ?? [], prepared, {
          seed: job.seed,
          replications: Math.min(job.replications, COHORT_FORECAST_MAX_REPLICATIONS),
          levels: f.info.levels,
        })
      : null;
  const results = f && cohortMc ? { ...f.results, cohorts: cohortMc } : f?.results;
  const resultSets = buildResultSets(input, prepared, planLine, results);
  const out: Record<string, unknown> = {};
  if (job.kind === 'scenarioB') {
    Object.assign(out, { scenarioB: job.scenarioB, siteSearch: job.siteSearch });
    showDurationConfidence(resultSets, job);
  }
  if (chain) out.cohorts = chain.rows;
  if (cohortMc) out.cohortForecast = cohortMc;
  // Say which rows of a cohort plan carry forecast columns (the others depend on the schedule in ways not simulated).
  const info =
    f && chain
      ? { ...f.info, rows: resultSets.enrollmentTable.filter((r) => r.P50 !== null).map((r) => r.SortName) }
      : (f?.info ?? null);
  return {
    kind: job.kind,
    horizonDays: planLine.horizonDays,
    planLineRateMultiplier: prepared.planLineRateMultiplier ?? null,
    planLineMilestones: planLine.milestones,
    forecast: info,
    ...out,
    resultSets,
  };
}

function finishRemodel(job: RemodelJob, summaries: readonly ChunkSummary[]): SimulationOutput {
  const r = job.remodel;
  const f = forecastOf(job, summaries, r.baseline.day0Ms);
  // LPI, last treatment and LPLV are the projection's own (the mapping keeps them).
  const m = f?.results.milestones ?? {};
  const projectionForecast = f
    ? {
        lastEnrolled: m.lastEnrolled ?? null,
        lastCompletedTreatment: m.lastCompletedTreatment ?? null,
        lastLastVisit: m.lastLastVisit ?? null,
      }
    : null;
  const resultSets = remodelResultSets(job.input, r, f?.results);
  return {
    kind: 'remodel',
    horizonDays: r.planLine.horizonDays,
    asOfDay: r.asOfDay,
    lpiReached: r.lpiReached,
    remainingEnrolled: r.remainingEnrolled,
    groups: r.groups.map((g) => ({
      key: g.key,
      name: g.name,
      screened: g.screened,
      enrolled: g.enrolled,
      actualSites: g.actualSites,
      actualEnrollmentRate: g.actualEnrollmentRate,
      enrollmentRateGoForward: g.enrollmentRateGoForward,
      screenRateGoForward: g.screenRateGoForward,
      sitesGoForward: g.sitesGoForward,
      prior: g.prior,
      posterior: g.posterior,
    })),
    planLineMilestones: r.planLine.milestones,
    forecast: f?.info ?? null,
    projectionForecast,
    resultSets,
  };
}

function finishCombination(job: CombinationJob, summaries: readonly ChunkSummary[]): SimulationOutput {
  const { combined } = job;
  const f = forecastOf(job, summaries, combined.prepared.day0Ms);
  const resultSets = combinedResultSets(combined, job.input, f?.results);
  return {
    kind: 'combination',
    labels: job.labels,
    offsets: combined.offsets,
    horizonDays: combined.prepared.horizonDays,
    planLineMilestones: combined.planLine.milestones,
    forecast: f
      ? {
          seed: job.seed,
          seeds: job.labels.map((_, k) => job.seed + k),
          replications: job.replications,
          levels: f.info.levels,
          uncertainty: f.info.uncertainty,
        }
      : null,
    resultSets,
  };
}
