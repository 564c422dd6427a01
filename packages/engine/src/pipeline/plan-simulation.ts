/**
 * The first step of the simulation pipeline: raw input (parsed JSON) -> a job, or the input's field errors.
 *
 * Kinds: a Rates or Duration plan (Duration: a scenario B solve at the plan's confidence, and the site-count search
 * when site bounds differ), a sequential cohort plan, a remodel (`remodel` key) and a combination (`combineWith`
 * key). Cheap: parsing, preparing and plan lines; the Monte Carlo (solve and replications) runs later.
 */
import { z } from 'zod';
import {
  INPUT_LIMITS,
  MSG,
  parseSimulationInput,
  type InputError,
  type SimulationInput,
} from '../input/schema';
import { defaultForecastGrid } from '../forecast/grid';
import { dateMillis } from '../input/fields';
import { computePlanLine } from '../plan-line/compute-plan-line';
import { preparePlan } from '../prepare/prepare-plan';
import { cohortChain, isSequentialCohortPlan } from '../scenarios/cohorts';
import { cohortPlanLine } from '../scenarios/cohort-plan-line';
import { combinePlans, type CombinationPart } from '../scenarios/combination';
import { REMODEL_MAX_RATE_PER_MONTH, remodelPlan, type RemodelInput } from '../scenarios/remodel';
import type { SiteBounds } from '../scenarios/scenario-b-sites';
import { DAYS_PER_MONTH } from '../time';
import type {
  CombinationJob,
  PlanJob,
  PlanSimulationResult,
  RemodelJob,
  ScenarioBRequest,
  SimulationOptions,
} from './types';

const RemodelKey = z.object({
  groups: z
    .array(
      z.object({
        siteGroupId: z.coerce.string(),
        rate: z.enum(['planned', 'actual', 'other']),
        rateOther: z
          .number()
          .positive()
          .max(REMODEL_MAX_RATE_PER_MONTH, MSG.range(0, REMODEL_MAX_RATE_PER_MONTH))
          .optional(),
        sites: z.enum(['planned', 'actual', 'other', 'remove']),
        sitesOther: z
          .number()
          .int()
          .nonnegative()
          .max(INPUT_LIMITS.sitesPerGroup, MSG.range(0, INPUT_LIMITS.sitesPerGroup))
          .optional(),
      }),
    )
    .optional(),
  posteriorBasis: z.enum(['screened', 'enrolled']).optional(),
  /** Remodel (D): the chosen last-patient-enrolled date (epoch ms) the go-forward rates aim at. */
  lastEnrolledDateMillis: dateMillis().optional(),
});

const CombinationKeys = z.object({
  label: z.string().min(1),
  combineWith: z.array(z.object({ label: z.string().min(1), input: z.unknown() })).min(1),
});

function zodErrors(error: z.ZodError, prefix = ''): InputError[] {
  return error.issues.map((i) => ({ path: prefix + i.path.join('.'), message: i.message }));
}

function prefixed(errors: InputError[], prefix: string): InputError[] {
  return errors.map((e) => ({ ...e, path: prefix + e.path }));
}

/** True for a replication count the engine runs: a whole number from 1 to INPUT_LIMITS.replications. */
export function isValidReplications(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 1 && n <= INPUT_LIMITS.replications;
}

function checkOptions(o: SimulationOptions): void {
  if (!Number.isSafeInteger(o.seed)) throw new RangeError('seed must be a safe integer');
  if (!isValidReplications(o.replications)) throw new RangeError(MSG.replications(INPUT_LIMITS.replications));
}

/**
 * Plans one simulation of a JSON-parsed input: the job to run, or the input's field errors. Options are the
 * caller's, not input: a seed that is not a safe integer or replications outside 1..100,000 throw a RangeError.
 */
export function planSimulation(raw: unknown, options: SimulationOptions): PlanSimulationResult {
  checkOptions(options);
  const rec = (raw ?? {}) as Record<string, unknown>;
  if (rec.combineWith !== undefined) return planCombination(rec, options);
  const parsed = parseSimulationInput(raw);
  if (!parsed.ok) return parsed;
  if (rec.remodel !== undefined) {
    const key = RemodelKey.safeParse(rec.remodel);
    if (!key.success) return { ok: false, errors: zodErrors(key.error, 'remodel.') };
    return { ok: true, job: planRemodel(parsed.input, key.data, options) };
  }
  return { ok: true, job: planPlan(parsed.input, options) };
}

/** Scenario B's solve request of a Duration plan (null when the plan is not one). */
function scenarioBRequest(input: SimulationInput): ScenarioBRequest | null {
  const p = input.plan;
  if (p.studyPlanType !== 2 || p.overallEnrollmentDuration == null) return null;
  const pct = p.overallEnrollmentDurationConfidence;
  const bounds: (SiteBounds | null)[] = input.siteGroups.map((g) => {
    const b = g.NUM_SITES_ACTIVATED;
    return b.upperBound != null && b.upperBound !== b.lowerBound
      ? { lower: b.lowerBound, upper: b.upperBound }
      : null;
  });
  return {
    durationDays: p.overallEnrollmentDuration * DAYS_PER_MONTH,
    confidence: pct == null || pct === -1 ? 0.5 : pct / 100,
    bounds: bounds.some((b) => b !== null) ? bounds : null,
    secondsLimit: p.simOptSecondsSpentLimit ?? null,
    unimprovedLimit: p.simOptUnimprovedScoreCalculationLimit ?? null,
  };
}

function planPlan(input: SimulationInput, o: SimulationOptions): PlanJob {
  const prepared = preparePlan(input);
  const request = scenarioBRequest(input);
  const forecast = !o.planLineOnly;
  const job: PlanJob = {
    kind: request ? 'scenarioB' : isSequentialCohortPlan(input.plan) ? 'cohort' : 'plan',
    seed: o.seed,
    replications: o.replications,
    input,
    prepared,
    solve:
      forecast && request ? { ...request, bounds: o.siteSearch === false ? null : request.bounds } : null,
    work: forecast ? { kind: 'plan', plan: prepared, seed: o.seed } : null,
  };
  if (request) Object.assign(job, { scenarioB: null, siteSearch: null });
  return job;
}

function planRemodel(
  input: SimulationInput,
  key: z.output<typeof RemodelKey>,
  o: SimulationOptions,
): RemodelJob {
  const remodelInput: RemodelInput = {
    input,
    ...(key.groups ? { groups: key.groups } : {}),
    ...(key.posteriorBasis ? { posteriorBasis: key.posteriorBasis } : {}),
    ...(key.lastEnrolledDateMillis !== undefined
      ? { lastEnrolledDateMillis: key.lastEnrolledDateMillis }
      : {}),
  };
  const remodel = remodelPlan(remodelInput);
  // LPI reached before the as-of date: no projection, nothing to simulate.
  const work =
    !o.planLineOnly && remodel.projection ? ({ kind: 'remodel', remodel, seed: o.seed } as const) : null;
  // Remodel (D) with a forecast: solved again on the Monte Carlo (solveSimulation), from the plan line's answer.
  const solve = work && remodel.durationSolve?.reached ? { remodel: remodelInput } : null;
  return { kind: 'remodel', seed: o.seed, replications: o.replications, input, remodel, solve, work };
}

function planCombination(rec: Record<string, unknown>, o: SimulationOptions): PlanSimulationResult {
  const keys = CombinationKeys.safeParse(rec);
  if (!keys.success) return { ok: false, errors: zodErrors(keys.error) };
  const rawParts = [
    { label: keys.data.label, raw: rec as unknown, prefix: '' },
    ...keys.data.combineWith.map((c, k) => ({
      label: c.label,
      raw: c.input,
      prefix: `combineWith.${k}.input.`,
    })),
  ];
  const parts: CombinationPart[] = [];
  const errors: InputError[] = [];
  for (const p of rawParts) {
    const parsed = parseSimulationInput(p.raw);
    if (!parsed.ok) {
      errors.push(...prefixed(parsed.errors, p.prefix));
      continue;
    }
    const prepared = preparePlan(parsed.input);
    // A sequential cohort constituent enters with its cohort plan line (its schedule, not continuous enrollment).
    const planLine = isSequentialCohortPlan(parsed.input.plan)
      ? cohortPlanLine(prepared, cohortChain(parsed.input.plan.cohorts ?? [], prepared))
      : computePlanLine(prepared);
    parts.push({ label: p.label, input: parsed.input, prepared, planLine });
  }
  if (errors.length > 0) return { ok: false, errors };
  const combined = combinePlans(parts);
  const first = parts[0]!.input;
  // The input only gives the milestone levels; without cohort rows the combined sets are not read as a cohort plan.
  const input = isSequentialCohortPlan(first.plan)
    ? { ...first, plan: { ...first.plan, cohorts: null } }
    : first;
  // The Monte Carlo does not simulate cohorts: a combination with a cohort constituent gets no forecast columns
  // rather than numbers from the continuous-enrollment model.
  const withCohorts = parts.some((part) => isSequentialCohortPlan(part.input.plan));
  const job: CombinationJob = {
    kind: 'combination',
    seed: o.seed,
    replications: o.replications,
    input,
    labels: parts.map((p) => p.label),
    combined,
    solve: null,
    work: o.planLineOnly || withCohorts ? null : combinationWork(parts, combined, o.seed),
  };
  return { ok: true, job };
}

/**
 * One calendar grid for every part: the combined month and week ends from the latest day 0 on; each part
 * simulates up to the combined horizon (its own days = combined days - its offset).
 */
function combinationWork(
  parts: CombinationPart[],
  combined: CombinationJob['combined'],
  seed: number,
): CombinationJob['work'] {
  const H = combined.prepared.horizonDays;
  const start = Math.max(...combined.offsets);
  const grid = defaultForecastGrid(combined.prepared).filter((d) => d >= start);
  return {
    kind: 'combination',
    parts: parts.map((p, k) => ({ ...p.prepared, horizonDays: H - combined.offsets[k]! })),
    grids: combined.offsets.map((off) => grid.map((d) => d - off)),
    offsets: combined.offsets,
    seed,
  };
}
