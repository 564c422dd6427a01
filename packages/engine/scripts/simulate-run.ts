/**
 * What `scripts/simulate.ts` prints, by input kind, as one pure function (no clock, no file system: the caller
 * passes the parsed JSON and, for the scenario B site search, a clock). Used by the CLI and by
 * test/cli-examples.test.ts.
 *
 * Kinds: a Rates or Duration plan (Duration: scenario B solve at the plan's confidence, and the site-count search
 * when site bounds differ), a sequential cohort plan (plus the filled cohort rows), a remodel (`remodel` key) and a
 * combination (`combineWith` key).
 */
import { z } from 'zod';
import {
  buildResultSets,
  cohortChain,
  cohortPlanLine,
  combineForecastChunks,
  combinePlans,
  combinedResultSets,
  computePlanLine,
  defaultForecastGrid,
  forecastForResults,
  isSequentialCohortPlan,
  milestoneLevels,
  parseSimulationInput,
  preparePlan,
  remodelPlan,
  remodelResultSets,
  runForecast,
  runReplications,
  searchSiteCounts,
  solveScenarioB,
  summarizeForecast,
  type CombinationPart,
  type Forecast,
  type InputError,
  type PreparedPlan,
  type SimulationInput,
  type SiteBounds,
} from '../src';
import { remodelForecastChunk } from '../src/results/remodel-forecast';
import { DAYS_PER_MONTH } from '../src/time';

export interface SimulateOptions {
  replications: number;
  seed: number;
  planLineOnly?: boolean;
  /** Clock in ms for the site-count search's time limit (e.g. () => performance.now()); none = no time limit. */
  now?: () => number;
}

export type SimulateKind = 'plan' | 'scenarioB' | 'cohort' | 'remodel' | 'combination';

export type SimulateResult =
  { ok: true; kind: SimulateKind; output: Record<string, unknown> } | { ok: false; errors: InputError[] };

const RemodelKey = z.object({
  groups: z
    .array(
      z.object({
        siteGroupId: z.coerce.string(),
        rate: z.enum(['planned', 'actual', 'other']),
        rateOther: z.number().positive().optional(),
        sites: z.enum(['planned', 'actual', 'other', 'remove']),
        sitesOther: z.number().int().nonnegative().optional(),
      }),
    )
    .optional(),
  posteriorBasis: z.enum(['screened', 'enrolled']).optional(),
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

/** Forecast levels: 10, 50, 90 and the plan's milestone levels. */
function levelsOf(input: SimulationInput) {
  const byMilestone = milestoneLevels(input);
  const levels = [...new Set([10, 50, 90, ...Object.values(byMilestone)])].sort((a, b) => a - b);
  return { byMilestone, levels };
}

function forecastOn(prepared: PreparedPlan, input: SimulationInput, o: SimulateOptions) {
  const { byMilestone, levels } = levelsOf(input);
  const result = runForecast(prepared, { seed: o.seed, replications: o.replications, levels });
  return {
    results: forecastForResults(result, prepared.day0Ms, byMilestone),
    info: { seed: o.seed, replications: o.replications, levels },
  };
}

/** Runs one input (already JSON-parsed) as the CLI does; invalid input gives the field errors. */
export function simulateInput(raw: unknown, o: SimulateOptions): SimulateResult {
  const rec = (raw ?? {}) as Record<string, unknown>;
  if (rec.combineWith !== undefined) return combination(rec, o);
  const parsed = parseSimulationInput(raw);
  if (!parsed.ok) return parsed;
  const input = parsed.input;
  if (rec.remodel !== undefined) {
    const r = RemodelKey.safeParse(rec.remodel);
    if (!r.success) return { ok: false, errors: zodErrors(r.error, 'remodel.') };
    return remodel(input, r.data, o);
  }
  return plan(input, o);
}

function plan(input: SimulationInput, o: SimulateOptions): SimulateResult {
  let prepared = preparePlan(input);
  const { plan: p } = input;
  const isB = p.studyPlanType === 2 && p.overallEnrollmentDuration != null;
  const out: Record<string, unknown> = {};
  let kind: SimulateKind = isSequentialCohortPlan(p) ? 'cohort' : 'plan';
  if (isB) {
    kind = 'scenarioB';
    out.scenarioB = null;
    out.siteSearch = null;
    if (!o.planLineOnly) {
      const durationDays = p.overallEnrollmentDuration! * DAYS_PER_MONTH;
      const pct = p.overallEnrollmentDurationConfidence;
      const confidence = pct == null || pct === -1 ? 0.5 : pct / 100;
      const common = { durationDays, confidence, seed: o.seed, replications: o.replications };
      const s = solveScenarioB(prepared, common);
      out.scenarioB = {
        multiplier: s.multiplier,
        achievedProbability: s.achievedProbability,
        feasible: s.feasible,
        bestProbability: s.bestProbability,
        groupRates: s.groupRates,
        confidence,
        durationDays,
        planLineMultiplier: s.planLineMultiplier,
        evaluations: s.evaluations,
      };
      const bounds: (SiteBounds | null)[] = input.siteGroups.map((g) => {
        const b = g.NUM_SITES_ACTIVATED;
        return b.upperBound != null && b.upperBound !== b.lowerBound
          ? { lower: b.lowerBound, upper: b.upperBound }
          : null;
      });
      if (bounds.some((b) => b !== null)) {
        const r = searchSiteCounts(prepared, {
          ...common,
          bounds,
          rateMultiplier: s.multiplier,
          secondsLimit: p.simOptSecondsSpentLimit ?? null,
          unimprovedLimit: p.simOptUnimprovedScoreCalculationLimit ?? null,
          ...(o.now ? { now: o.now } : {}),
        });
        out.siteSearch = {
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
      prepared = s.plan;
    }
  }
  // A sequential cohort plan's plan line follows the cohort schedule (the result sets use the same line).
  const chain = isSequentialCohortPlan(p) ? cohortChain(p.cohorts ?? [], prepared) : null;
  const planLine = chain ? cohortPlanLine(prepared, chain) : computePlanLine(prepared);
  const f = o.planLineOnly ? null : forecastOn(prepared, input, o);
  const resultSets = buildResultSets(input, prepared, planLine, f?.results);
  if (chain) out.cohorts = chain.rows;
  // The Monte Carlo does not simulate cohorts yet: say which rows of a cohort plan carry forecast columns.
  const info =
    f && chain
      ? { ...f.info, rows: resultSets.enrollmentTable.filter((r) => r.P50 !== null).map((r) => r.SortName) }
      : (f?.info ?? null);
  return {
    ok: true,
    kind,
    output: {
      kind,
      horizonDays: planLine.horizonDays,
      planLineRateMultiplier: prepared.planLineRateMultiplier ?? null,
      planLineMilestones: planLine.milestones,
      forecast: info,
      ...out,
      resultSets,
    },
  };
}

function remodel(
  input: SimulationInput,
  key: z.output<typeof RemodelKey>,
  o: SimulateOptions,
): SimulateResult {
  const r = remodelPlan({
    input,
    ...(key.groups ? { groups: key.groups } : {}),
    ...(key.posteriorBasis ? { posteriorBasis: key.posteriorBasis } : {}),
  });
  let forecast = null;
  let projectionForecast = null;
  let results: ReturnType<typeof forecastForResults> | undefined;
  if (!o.planLineOnly && r.projection) {
    const { byMilestone, levels } = levelsOf(input);
    const chunk = runReplications(r.projection, { seed: o.seed, from: 0, to: o.replications });
    // The projection counts the remaining patients only: map its replications onto the whole plan (actuals added).
    const whole = summarizeForecast(remodelForecastChunk(r, chunk), levels);
    results = forecastForResults(whole, r.baseline.day0Ms, byMilestone);
    forecast = { seed: o.seed, replications: o.replications, levels };
    // LPI, last treatment and LPLV are the projection's own (the mapping keeps them).
    const m = results.milestones ?? {};
    projectionForecast = {
      lastEnrolled: m.lastEnrolled ?? null,
      lastCompletedTreatment: m.lastCompletedTreatment ?? null,
      lastLastVisit: m.lastLastVisit ?? null,
    };
  }
  const resultSets = remodelResultSets(input, r, results);
  return {
    ok: true,
    kind: 'remodel',
    output: {
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
      forecast,
      projectionForecast,
      resultSets,
    },
  };
}

function combination(rec: Record<string, unknown>, o: SimulateOptions): SimulateResult {
  const keys = CombinationKeys.safeParse(rec);
  if (!keys.success) return { ok: false, errors: zodErrors(keys.error) };
  const rawParts = [
    { label: keys.data.label, raw: rec, prefix: '' },
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
  let forecast = null;
  let sets;
  if (o.planLineOnly || withCohorts) sets = combinedResultSets(combined, input);
  else {
    const { byMilestone, levels } = levelsOf(input);
    // One calendar grid for every part: the combined month and week ends from the latest day 0 on; each part
    // simulates up to the combined horizon (its own days = combined days - its offset).
    const H = combined.prepared.horizonDays;
    const start = Math.max(...combined.offsets);
    const grid = defaultForecastGrid(combined.prepared).filter((d) => d >= start);
    const chunks = parts.map((p, k) => {
      const off = combined.offsets[k]!;
      return runReplications(
        { ...p.prepared, horizonDays: H - off },
        { seed: o.seed + k, from: 0, to: o.replications, grid: grid.map((d) => d - off) },
      );
    });
    const summary: Forecast = summarizeForecast(combineForecastChunks(chunks, combined.offsets), levels);
    sets = combinedResultSets(
      combined,
      input,
      forecastForResults(summary, combined.prepared.day0Ms, byMilestone),
    );
    forecast = { seed: o.seed, seeds: parts.map((_, k) => o.seed + k), replications: o.replications, levels };
  }
  return {
    ok: true,
    kind: 'combination',
    output: {
      kind: 'combination',
      labels: parts.map((p) => p.label),
      offsets: combined.offsets,
      horizonDays: combined.prepared.horizonDays,
      planLineMilestones: combined.planLine.milestones,
      forecast,
      resultSets: sets,
    },
  };
}
