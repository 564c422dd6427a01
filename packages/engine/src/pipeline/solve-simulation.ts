/**
 * The pipeline's second step, for a Duration plan and a Remodel (D) plan only: scenario B's solve (and the
 * site-count search), or the remodel's date solve on the forecast, before the replications can run on the solved
 * rates. A Monte Carlo of its own that does not split: run it on one worker.
 */
import { searchSiteCounts } from '../scenarios/scenario-b-sites';
import { solveScenarioB } from '../scenarios/scenario-b';
import { remodelPlanOnForecast } from '../scenarios/remodel';
import type { RemodelDurationRequest, RemodelJob, SimulationJob } from './types';

/**
 * The job with its pending scenario B solve done (the job itself when nothing is pending). `now` is a clock in ms
 * for the site search's time limit (none: no time limit).
 */
export function solveSimulation(job: SimulationJob, now?: () => number): SimulationJob {
  if (job.kind === 'combination' || !job.solve) return job;
  if (job.kind === 'remodel') return solveRemodelDuration(job, job.solve);
  const req = job.solve;
  const common = { durationDays: req.durationDays, confidence: req.confidence, seed: job.seed };
  const options = { ...common, replications: job.replications };
  const s = solveScenarioB(job.prepared, options);
  const scenarioB = {
    multiplier: s.multiplier,
    achievedProbability: s.achievedProbability,
    feasible: s.feasible,
    bestProbability: s.bestProbability,
    groupRates: s.groupRates,
    confidence: req.confidence,
    durationDays: req.durationDays,
    planLineMultiplier: s.planLineMultiplier,
    evaluations: s.evaluations,
    solveReplications: s.solveReplications,
    /** The achieved confidence on an independent seed, with its Monte Carlo standard error. */
    check: s.check,
  };
  let siteSearch = null;
  if (req.bounds) {
    // On the unsolved plan: the search applies the solved multiplier to the base rates itself.
    const r = searchSiteCounts(job.prepared, {
      ...options,
      bounds: req.bounds,
      rateMultiplier: s.multiplier,
      secondsLimit: req.secondsLimit,
      unimprovedLimit: req.unimprovedLimit,
      ...(now ? { now } : {}),
    });
    siteSearch = {
      siteCounts: r.siteCounts,
      probability: r.probability,
      targetMet: r.targetMet,
      stoppedBy: r.stoppedBy,
      rateMultiplier: s.multiplier,
      siteMonths: r.siteMonths,
      evaluations: r.evaluations,
      monteCarloRuns: r.monteCarloRuns,
    };
  }
  return {
    ...job,
    prepared: s.plan,
    solve: null,
    scenarioB,
    siteSearch,
    work: job.work ? { kind: 'plan', plan: s.plan, seed: job.seed } : null,
  };
}

/**
 * Solve-stage replications of Remodel (D): the run's own first ones, so that its P50 falls on the date; at most
 * 2,000 (a run's default).
 */
const REMODEL_SOLVE_REPLICATIONS = 2000;

function solveRemodelDuration(job: RemodelJob, req: RemodelDurationRequest): RemodelJob {
  const replications = Math.min(job.replications, REMODEL_SOLVE_REPLICATIONS);
  const remodel = remodelPlanOnForecast(req.remodel, { seed: job.seed, replications });
  const work = remodel.projection ? ({ kind: 'remodel', remodel, seed: job.seed } as const) : null;
  return { ...job, remodel, solve: null, work };
}
