/**
 * The simulation pipeline's data: a job (planSimulation) holds everything the result sets need; its `work` is the
 * part a worker thread needs to run a range of replications (runSimulationChunk). Both are plain data (structured
 * clone safe), so a thread pool can send them.
 */
import type { InputError, SimulationInput } from '../input/schema';
import type { PreparedPlan } from '../model/prepared-plan';
import type { ResultSets } from '../results/result-sets';
import type { CombinedPlan } from '../scenarios/combination';
import type { RemodelInput, RemodelResult } from '../scenarios/remodel';
import type { SiteBounds } from '../scenarios/scenario-b-sites';

export interface SimulationOptions {
  /** Monte Carlo seed (stored with a run). */
  seed: number;
  /** Monte Carlo replications. */
  replications: number;
  /** Plan line only: no Monte Carlo, no scenario B solve. */
  planLineOnly?: boolean;
  /**
   * Scenario B's site-count search when site bounds differ (default true). Its counts are reported in the output,
   * not in the result sets (those describe the upper bounds), so a run that stores only the sets can skip it.
   */
  siteSearch?: boolean;
}

/** What the input is: a Rates or Duration plan, a Duration plan solved by scenario B, a cohort plan, ... */
export type SimulateKind = 'plan' | 'scenarioB' | 'cohort' | 'remodel' | 'combination';

/** A range of replications [from, to). */
export interface ReplicationRange {
  from: number;
  to: number;
}

/** A worker's share of the Monte Carlo: what runSimulationChunk needs, and no more. */
export type SimulationWork =
  | { kind: 'plan'; plan: PreparedPlan; seed: number }
  /** Replications of the remodel's projection, mapped onto the whole plan. */
  | { kind: 'remodel'; remodel: RemodelResult; seed: number }
  /** Part k runs on seed + k up to the combined horizon, on one calendar grid (in its own days). */
  | { kind: 'combination'; parts: PreparedPlan[]; grids: number[][]; offsets: number[]; seed: number };

/** Scenario B's solve, pending until solveSimulation runs it (a Monte Carlo of its own: run it on a worker). */
export interface ScenarioBRequest {
  /** Overall enrollment duration, days. */
  durationDays: number;
  /** Required probability in (0, 1). */
  confidence: number;
  /** Per group, the site bounds when they differ (null: fixed count); none differ: no site search. */
  bounds: (SiteBounds | null)[] | null;
  secondsLimit: number | null;
  unimprovedLimit: number | null;
}

/** Remodel (D)'s solve on the forecast, pending until solveSimulation runs it (remodelPlanOnForecast). */
export interface RemodelDurationRequest {
  remodel: RemodelInput;
}

interface JobCommon {
  seed: number;
  replications: number;
  /** The Monte Carlo's work; null when there is none (plan line only, or a combination with a cohort plan). */
  work: SimulationWork | null;
}

/** A Rates, Duration or cohort plan. */
export interface PlanJob extends JobCommon {
  kind: 'plan' | 'scenarioB' | 'cohort';
  input: SimulationInput;
  /** The prepared plan (scenario B: solved once solveSimulation ran). */
  prepared: PreparedPlan;
  /** Pending scenario B solve. */
  solve: ScenarioBRequest | null;
  /** Scenario B's solution and site search, for the output (null until solved or when not run). */
  scenarioB?: Record<string, unknown> | null;
  siteSearch?: Record<string, unknown> | null;
}

export interface RemodelJob extends JobCommon {
  kind: 'remodel';
  input: SimulationInput;
  remodel: RemodelResult;
  /** Pending Remodel (D) solve on the forecast (null: none, or done). */
  solve: RemodelDurationRequest | null;
}

export interface CombinationJob extends JobCommon {
  kind: 'combination';
  /** The first constituent's input (cohort rows dropped): it gives the milestone levels. */
  input: SimulationInput;
  labels: string[];
  combined: CombinedPlan;
  solve: null;
}

/** A planned simulation: parsed, prepared, its Monte Carlo not yet run. */
export type SimulationJob = PlanJob | RemodelJob | CombinationJob;

/** What a simulation answers (the CLI prints it): its kind, figures of the scenario, and the result sets. */
export interface SimulationOutput {
  kind: SimulateKind;
  resultSets: ResultSets;
  [key: string]: unknown;
}

export type PlanSimulationResult = { ok: true; job: SimulationJob } | { ok: false; errors: InputError[] };

export type SimulationResult = { ok: true; output: SimulationOutput } | { ok: false; errors: InputError[] };
