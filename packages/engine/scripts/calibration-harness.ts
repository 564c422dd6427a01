/**
 * The calibration harness's core (README, Calibration; calibration.md section 3), I/O-free and synchronous: it is
 * what the script's workers run and what test/remodel-calibration.test.ts calls.
 *
 * For a plan (calibration-plans.ts), a truth (calibration-truth.ts) and true studies [from, to):
 * 1. simulate each true study under the truth (its own stream);
 * 2. baseline: the LPI forecast from the PLAN (runReplications on the prepared plan; for a fixed plan one forecast
 *    serves every study, with `baselineReplications`);
 * 3. remodel: at each share of the enrolled target (the day the true study enrolled ceil(share x target)
 *    patients), the study's actuals (per group: as-of date, activation dates, monthly counts and, with
 *    `siteEvidence`, the per-site evidence) go into the plan as a Remodel (R) input with rate 'planned' and sites
 *    'planned' for every group; planSimulation (the product's pipeline) builds the remodel job and its projection's
 *    replications give the LPI forecast (`replications` of them);
 * 4. each forecast is scored against the true LPI: P10/P50/P90 (the engine's quantile rank, ceil(pR)-th smallest;
 *    not reached = +Infinity) and the PIT (share of the forecast's replications below the truth, ties counted half).
 *
 * Deterministic: every random stream is a function of (seed, plan, truth, study, share), never of the split into
 * chunks or workers.
 */
import { runReplications } from '../src/forecast';
import { MILESTONE_KEYS, NOT_REACHED } from '../src/forecast/types';
import { runSimulationChunk } from '../src/pipeline/run-simulation-chunk';
import { planSimulation } from '../src/pipeline/plan-simulation';
import type { PreparedPlan, UncertaintySettings } from '../src/model/prepared-plan';
import { MAX_HORIZON_DAYS } from '../src/prepare/prepare-plan';
import { remodelForecastChunk } from '../src/results/remodel-forecast';
import { fmix32 } from '../src/rng/xoshiro';
import { planOf, trialOf, type PlanName } from './calibration-plans';
import { actualsAt, asOfDayAt } from './calibration-remodel';
import { withUncertainty, type PlannedTrial } from './calibration-trials';
import {
  simulateTruth,
  truthByName,
  CALIBRATION_TRUTHS,
  type TruthOutcome,
  type TruthSettings,
} from './calibration-truth';

export interface HarnessOptions {
  seed: number;
  /** Replications of each remodel forecast (and of each random plan's baseline). */
  replications: number;
  /** Replications of a fixed plan's baseline forecast (one forecast serves all its true studies). */
  baselineReplications: number;
  /** Shares of the enrolled target at which to remodel (e.g. 0.1, 0.3, 0.6). */
  shares: number[];
  /** Pass the per-site evidence (SiteGroupActuals.sites) to the remodel (default true). */
  siteEvidence?: boolean;
  /** Run the remodel's replications through runSimulationChunk (all the pipeline's bands; slower) */
  pipeline?: boolean;
  /** Skip the remodel (baseline only). */
  noRemodel?: boolean;
  /** Uncertainty settings written into every plan (as a user would set them), e.g. the age-profile terms. */
  settings?: Partial<UncertaintySettings>;
}

/** The plan of true study i with the harness's settings written into it. */
function planWith(name: PlanName, o: HarnessOptions, i: number): PlannedTrial {
  const trial = planOf(name, o.seed, i);
  if (!o.settings) return trial;
  const u = (trial.json.plan as { uncertainty?: Partial<UncertaintySettings> }).uncertainty ?? {};
  return trialOf(withUncertainty(trial.json, { ...u, ...o.settings } as UncertaintySettings));
}

/** One forecast of the true LPI, scored. Days since day 0; not reached = Infinity. */
export interface ForecastScore {
  p10: number;
  p50: number;
  p90: number;
  /** Share of the forecast's replications below the true LPI (ties count half). */
  pit: number;
}

export interface RemodelScore extends ForecastScore {
  share: number;
  asOfDay: number;
}

/** One true study: its LPI, the baseline forecast and the remodels (null: the truth never got to that share). */
export interface StudyRecord {
  index: number;
  target: number;
  truthLpi: number;
  /** First possible screening of the true study (days), for relative errors. */
  firstScreen: number;
  baseline: ForecastScore;
  remodel: (RemodelScore | null)[];
  /** CPU time of this study (ms): truth, remodels (and a random plan's baseline); not deterministic. */
  ms: number;
}

const LPI = MILESTONE_KEYS.indexOf('lpi');
const M = MILESTONE_KEYS.length;

/** A 31-bit seed from integer parts (murmur3 fmix32 chain): independent streams for distinct parts. */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) h = fmix32((h ^ fmix32((p >>> 0) + 0x7f4a7c15)) + Math.floor(p / 4294967296));
  return h >>> 1;
}

/** A stable integer code of a name (FNV-1a), for seeds. */
export function nameCode(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** LPI draws of a chunk's milestones, sorted ascending (not reached = Infinity). */
function sortedLpi(milestones: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const v = milestones[r * M + LPI]!;
    out[r] = v === NOT_REACHED ? Infinity : v;
  }
  return out.sort();
}

/** The engine's quantile: the ceil(pR)-th smallest value. */
const quantile = (sorted: Float64Array, p: number): number =>
  sorted[Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length))) - 1]!;

/** Scores a forecast's sorted draws against the truth. */
export function score(sorted: Float64Array, truth: number): ForecastScore {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < truth) lo = mid + 1;
    else hi = mid;
  }
  let ties = 0;
  for (let j = lo; j < sorted.length && sorted[j] === truth; j++) ties++;
  return {
    p10: quantile(sorted, 0.1),
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    pit: (lo + ties / 2) / sorted.length,
  };
}

/** The plan forecast's LPI draws (sorted). */
export function baselineDraws(plan: PreparedPlan, seed: number, replications: number): Float64Array {
  const chunk = runReplications(plan, {
    seed,
    from: 0,
    to: replications,
    grid: [Math.floor(plan.horizonDays)],
  });
  return sortedLpi(chunk.milestones, replications);
}

/** The remodel input of a trial at an as-of day: the plan with every group's actuals, rate and sites 'planned'. */
export function remodelRaw(
  trial: PlannedTrial,
  truth: TruthOutcome,
  asOfDay: number,
  siteEvidence: boolean,
): Record<string, unknown> {
  const plan = trial.plan;
  const actuals = actualsAt(
    plan.day0Ms,
    plan.groups.length,
    truth,
    plan.screeningDays,
    asOfDay,
    siteEvidence,
  );
  return {
    plan: { ...trial.json.plan, studyPlanTypeDetail: 'Remodel (R)' },
    siteGroups: trial.json.siteGroups.map((g, i) => ({ ...g, actuals: actuals[i] })),
    remodel: {
      groups: trial.input.siteGroups.map((g) => ({
        siteGroupId: g.siteGroupId,
        rate: 'planned',
        sites: 'planned',
      })),
    },
  };
}

/**
 * The remodel's LPI draws (sorted) for a remodel input, through planSimulation (the product's path); null when the
 * actuals already reached the target (no projection). By default the projection's replications run on a one-day
 * grid and are mapped onto the plan by remodelForecastChunk, as runSimulationChunk does (LPI does not depend on the
 * grid); `pipeline` runs runSimulationChunk itself.
 */
export function remodelDraws(
  raw: Record<string, unknown>,
  seed: number,
  replications: number,
  pipeline = false,
): Float64Array | null {
  const planned = planSimulation(raw, { seed, replications });
  if (!planned.ok) {
    const msg = planned.errors.map((e) => `${e.path}: ${e.message}`).join('; ');
    throw new Error(`remodel input rejected: ${msg}`);
  }
  const work = planned.job.work;
  if (!work) return null;
  const range = { from: 0, to: replications };
  if (pipeline || work.kind !== 'remodel' || !work.remodel.projection)
    return sortedLpi(runSimulationChunk(work, range).milestones, replications);
  const projection = work.remodel.projection;
  const chunk = runReplications(projection, {
    seed: work.seed,
    ...range,
    grid: [Math.floor(projection.horizonDays)],
  });
  return sortedLpi(remodelForecastChunk(work.remodel, chunk).milestones, replications);
}

/** Per-process cache of fixed plans and their baseline forecasts (they do not depend on the truth). */
const fixedCache = new Map<string, { trial: PlannedTrial; baseline: Float64Array }>();

function fixedPlan(name: PlanName, o: HarnessOptions) {
  const key = `${name}|${o.seed}|${o.baselineReplications}|${JSON.stringify(o.settings ?? {})}`;
  let hit = fixedCache.get(key);
  if (!hit) {
    const trial = planWith(name, o, 0);
    const baseline = baselineDraws(trial.plan, mixSeed(o.seed, nameCode(name), 17), o.baselineReplications);
    hit = { trial, baseline };
    fixedCache.set(key, hit);
  }
  return hit;
}

/** The truth settings of a name (CALIBRATION_TRUTHS, or PRESET-only-EFFECT: truthByName). */
export function truthOf(name: string): TruthSettings {
  const t = truthByName(name);
  if (!t)
    throw new Error(
      `unknown truth '${name}' (${Object.keys(CALIBRATION_TRUTHS).join(', ')}, or PRESET-only-EFFECT)`,
    );
  return t;
}

/** Scores true studies [from, to) of a plan under a truth (see the file comment). */
export function scoreStudies(
  planName: PlanName,
  truthName: string,
  from: number,
  to: number,
  o: HarnessOptions,
): StudyRecord[] {
  const truthSettings = truthOf(truthName);
  const planCode = nameCode(planName);
  const truthCode = nameCode(truthName);
  // The truths of one plan share their streams (common random numbers across truths); random plans use the
  // generator's own seed (plan stream 2i, truth stream 2i + 1).
  const truthSeed = planName === 'random' ? o.seed : mixSeed(o.seed, planCode, 1);
  const out: StudyRecord[] = [];
  for (let i = from; i < to; i++) {
    const t0 = performance.now();
    let trial: PlannedTrial;
    let baseline: Float64Array;
    if (planName === 'random') {
      trial = planWith('random', o, i);
      baseline = baselineDraws(trial.plan, mixSeed(o.seed, planCode, 17, i), o.replications);
    } else ({ trial, baseline } = fixedPlan(planName, o));
    const truth = simulateTruth(trial.plan, truthSettings, truthSeed, i);
    const target = trial.plan.targetEnrolled;
    const remodel = o.noRemodel
      ? []
      : o.shares.map((share, k): RemodelScore | null => {
          const asOfDay = asOfDayAt(truth, target, share);
          if (asOfDay === null) return null;
          const raw = remodelRaw(trial, truth, asOfDay, o.siteEvidence ?? true);
          const seed = mixSeed(o.seed, planCode, truthCode, i, 101 + k);
          const draws = remodelDraws(raw, seed, o.replications, o.pipeline ?? false);
          if (!draws) return null;
          return { share, asOfDay, ...score(draws, truth.lpi) };
        });
    out.push({
      index: i,
      target,
      truthLpi: truth.lpi,
      firstScreen: truth.firstScreen,
      baseline: score(baseline, truth.lpi),
      remodel,
      ms: performance.now() - t0,
    });
  }
  return out;
}

/** Errors cap non-reached values at this day (15 years). */
export const ERROR_CAP_DAYS = MAX_HORIZON_DAYS + 1;
