import {
  cohortChain,
  cohortPlanLine,
  computePlanLine,
  isSequentialCohortPlan,
  parseSimulationInput,
  preparePlan,
  runReplications,
  SERIES_KEYS,
  tableLastDay,
  type Curves,
  type ForecastGroupInput,
  type PreparedPlan,
  type ReplicationPaths,
} from '@predict/engine';
import { SOE_FORECAST_MESSAGES as M } from '@predict/shared';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-errors';
import { findRunInputs } from '../../repositories/ctms-extracts-repository';
import { findRunEnrolledBand, findRunSeed } from '../../repositories/soe-forecast-repository';
import { perDb } from '../../caching/per-db';
import { PromiseLru } from '../../caching/promise-lru';

/** What the cost forecast needs of a finished run: its plan line per site group and the plan's patient flow. */
export interface RunPlanLine {
  simRunId: number;
  day0Ms: number;
  screeningDays: number;
  treatmentDays: number;
  followUpDays: number;
  followUpLossRate: number;
  /** The plan's site groups in plan order, with their plan-line curves. */
  groups: (ForecastGroupInput & { countryIso3: string })[];
  /** The tables' last day: a group that never enrolls keeps its sites open to it. */
  idleCloseDay: number;
  /**
   * The cost band's inputs: the groups' curves and the plan line's total enrolled (the replications' time map) over
   * the band's days, and the study-level enrolled paths of the run's first COST_BAND_REPLICATIONS replications per
   * day (a seeded re-run of the run's Monte Carlo); no paths when the run has no Monte Carlo (plan line only, cohort
   * plans). Computed on the first call (the chart's), then kept.
   */
  band: () => {
    groups: (ForecastGroupInput & { countryIso3: string })[];
    totalEnrolled: Float64Array;
    paths: ReplicationPaths;
  };
}

/** Replications re-run for the cost band: per-month quantiles of 200 replications (P10 = the 20th lowest). */
export const COST_BAND_REPLICATIONS = 200;

export const conflict = (message: string) => new HttpError(409, message);

/** The last day on which any of the curves still changes. */
function lastChange(all: Curves[]): number {
  let last = 0;
  for (const c of all)
    for (const curve of [c.activeSites, c.screened, c.enrolled, c.completedTreatment, c.completedFollowUp]) {
      const final = curve[curve.length - 1] ?? 0;
      let t = curve.length - 1;
      while (t > last && Math.abs(curve[t - 1]! - final) <= 1e-9 * Math.max(1, Math.abs(final))) t--;
      last = Math.max(last, t);
    }
  return last;
}

/**
 * The run's plan line recomputed from the engine input stored with the run (the same engine; a cohort plan's
 * follows its cohort schedule, as the run's result sets do), and the enrolled paths of the run's first replications
 * for the cost band. A Duration plan's line is the deterministic fit of its duration (the run's scenario B solve is
 * a Monte Carlo of its own and is not repeated; its replications are the fitted plan's).
 */
async function computeRunPlanLine(db: Db, simRunId: number): Promise<RunPlanLine> {
  const [raw, band, run] = await Promise.all([
    findRunInputs(db, simRunId),
    findRunEnrolledBand(db, simRunId),
    findRunSeed(db, simRunId),
  ]);
  if ((raw as { combineWith?: unknown } | null)?.combineWith !== undefined) throw conflict(M.combinationPlan);
  const parsed = parseSimulationInput(raw);
  if (!parsed.ok) throw conflict(M.unreadableRun);
  const prepared = preparePlan(parsed.input);
  const plan = parsed.input.plan;
  const line = isSequentialCohortPlan(plan)
    ? cohortPlanLine(prepared, cohortChain(plan.cohorts ?? [], prepared))
    : computePlanLine(prepared);
  const end = lineEnd(line, prepared);
  const groups = prepared.groups.map((g, i) => ({
    siteGroupId: Number(g.key),
    siteGroupName: g.name,
    countryIso3: g.countryIso3,
    curves: cutCurves(line.groups[i]!.curves, end),
    screenFailRate: g.screenFailRate,
    dropOutRate: g.dropOutRate,
  }));
  const days = {
    screeningDays: prepared.screeningDays,
    treatmentDays: prepared.treatmentDays,
    followUpDays: prepared.followUpDays,
  };
  const monteCarlo = band !== null && run !== null && !isSequentialCohortPlan(plan) ? run : null;
  const computeBand = () => costBand(prepared, line, groups, end, monteCarlo);
  let kept: ReturnType<typeof computeBand> | undefined;
  return {
    simRunId,
    day0Ms: prepared.day0Ms,
    ...days,
    followUpLossRate: prepared.followUpLossRate ?? 0,
    groups,
    idleCloseDay: end - 1,
    band: () => (kept ??= computeBand()),
  };
}

type PlanLine = ReturnType<typeof computePlanLine>;

/**
 * The day the curves stop (exclusive): the plan line runs to TMF close or 15 years, but nothing moves after the
 * last patient's last visit, so they stop there (with room for the band's visits): the forecast's work is
 * proportional to their length. A group that never enrolls keeps its sites open to that day.
 */
function lineEnd(line: PlanLine, prepared: PreparedPlan): number {
  const lastDay = tableLastDay(line);
  return Math.min(
    line.total.enrolled.length,
    Math.max(
      lastChange([line.total, ...line.groups.map((g) => g.curves)]),
      lastDay + prepared.treatmentDays + prepared.followUpDays,
    ) + 2,
  );
}

/** The curves' first `length` days. */
const cutCurves = (c: Curves, length: number): Curves => ({
  activeSites: c.activeSites.subarray(0, length),
  screened: c.screened.subarray(0, length),
  enrolled: c.enrolled.subarray(0, length),
  completedTreatment: c.completedTreatment.subarray(0, length),
  completedFollowUp: c.completedFollowUp.subarray(0, length),
});

/**
 * The cost band's input. The band costs replications one by one (design section 5): the run's stored bands are
 * per-day quantiles, not paths. Replication r of runReplications with the run's seed is the run's replication r
 * (the grid only says which days are recorded), so the first COST_BAND_REPLICATIONS are re-run, recorded daily
 * over the whole plan line; the band's curves run to the slowest replication's last enrollment plus treatment and
 * follow-up. Without a Monte Carlo run (`run` null: a cohort plan, a run without stored band) there are no paths.
 */
function costBand(
  prepared: PreparedPlan,
  line: PlanLine,
  groups: RunPlanLine['groups'],
  end: number,
  run: { seed: number; replications: number } | null,
): ReturnType<RunPlanLine['band']> {
  const horizon = line.total.enrolled.length;
  let enrolled: Uint16Array[] | Uint32Array[] = [];
  let bandEnd = end;
  if (run) {
    const n = Math.min(COST_BAND_REPLICATIONS, run.replications);
    const grid = Array.from({ length: horizon }, (_, d) => d);
    const chunk = runReplications(prepared, { seed: run.seed, from: 0, to: n, grid });
    const series = SERIES_KEYS.indexOf('enrolled');
    const stride = SERIES_KEYS.length * horizon;
    const paths = Array.from({ length: n }, (_, r) =>
      chunk.counts.subarray(r * stride + series * horizon, r * stride + (series + 1) * horizon),
    );
    let last = 0;
    for (const p of paths) {
      let t = horizon - 1;
      while (t > last && p[t - 1] === p[horizon - 1]) t--;
      last = Math.max(last, t);
    }
    bandEnd = Math.min(
      horizon,
      Math.max(end, last + Math.ceil(prepared.treatmentDays + prepared.followUpDays) + 2),
    );
    enrolled = paths.map((p) => p.subarray(0, bandEnd)) as Uint16Array[] | Uint32Array[];
  }
  return {
    groups: groups.map((g, i) => ({ ...g, curves: cutCurves(line.groups[i]!.curves, bandEnd) })),
    totalEnrolled: line.total.enrolled.subarray(0, bandEnd),
    paths: { gridDays: Array.from({ length: bandEnd }, (_, d) => d), enrolled },
  };
}

/** Finished runs never change: their plan lines are kept (a few MB each for a 40-country plan). */
const lines = perDb<Db, PromiseLru<RunPlanLine>>(() => new PromiseLru(8));

/** The plan line of a finished run, computed once per run (concurrent callers share the computation). */
export const runPlanLine = (db: Db, simRunId: number): Promise<RunPlanLine> =>
  lines(db).get(String(simRunId), () => computeRunPlanLine(db, simRunId));
