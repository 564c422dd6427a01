import {
  bandGroupCurves,
  cohortChain,
  cohortPlanLine,
  computePlanLine,
  isSequentialCohortPlan,
  monthlyPeriods,
  parseSimulationInput,
  preparePlan,
  tableLastDay,
  type Curves,
  type ForecastGroupInput,
} from '@predict/engine';
import { SOE_FORECAST_MESSAGES as M } from '@predict/shared';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-errors';
import { findRunInputs } from '../../repositories/ctms-extracts-repository';
import { findRunEnrolledBand } from '../../repositories/soe-forecast-repository';
import { perDb, PromiseLru } from './soe-forecast-cache';

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
  /** Group curves following the run's P10 / P90 enrollment bands (the plan line's own when the run has none). */
  bands: { p10: Curves[]; p90: Curves[] };
}

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
 * follows its cohort schedule, as the run's result sets do), and the run's study-level P10 / P90 enrolled bands
 * mapped onto the groups (bandGroupCurves). A Duration plan's line is the deterministic fit of its duration (the
 * run's scenario B solve is a Monte Carlo of its own and is not repeated).
 */
async function computeRunPlanLine(db: Db, simRunId: number): Promise<RunPlanLine> {
  const [raw, band] = await Promise.all([findRunInputs(db, simRunId), findRunEnrolledBand(db, simRunId)]);
  if ((raw as { combineWith?: unknown } | null)?.combineWith !== undefined) throw conflict(M.combinationPlan);
  const parsed = parseSimulationInput(raw);
  if (!parsed.ok) throw conflict(M.unreadableRun);
  const prepared = preparePlan(parsed.input);
  const plan = parsed.input.plan;
  const line = isSequentialCohortPlan(plan)
    ? cohortPlanLine(prepared, cohortChain(plan.cohorts ?? [], prepared))
    : computePlanLine(prepared);
  // The plan line runs to TMF close or 15 years; nothing moves after the last patient's last visit, so the curves
  // stop there (with room for the band's visits): the forecast's work is proportional to their length. A group that
  // never enrolls keeps its sites open to that day.
  const lastDay = tableLastDay(line);
  const end = Math.min(
    line.total.enrolled.length,
    Math.max(
      lastChange([line.total, ...line.groups.map((g) => g.curves)]),
      lastDay + prepared.treatmentDays + prepared.followUpDays,
    ) + 2,
  );
  const cut = (c: Curves): Curves => ({
    activeSites: c.activeSites.subarray(0, end),
    screened: c.screened.subarray(0, end),
    enrolled: c.enrolled.subarray(0, end),
    completedTreatment: c.completedTreatment.subarray(0, end),
    completedFollowUp: c.completedFollowUp.subarray(0, end),
  });
  const groups = prepared.groups.map((g, i) => ({
    siteGroupId: Number(g.key),
    siteGroupName: g.name,
    countryIso3: g.countryIso3,
    curves: cut(line.groups[i]!.curves),
    screenFailRate: g.screenFailRate,
    dropOutRate: g.dropOutRate,
  }));
  const days = {
    screeningDays: prepared.screeningDays,
    treatmentDays: prepared.treatmentDays,
    followUpDays: prepared.followUpDays,
  };
  // The run sampled its bands at the month ends of its tables (applyForecast).
  const monthEnds = monthlyPeriods(prepared.day0Ms, lastDay).endDay;
  const curvesOf = (enrolled: number[] | undefined) => {
    const plain = groups.map((g) => g.curves);
    if (!enrolled || enrolled.length === 0) return plain;
    const n = Math.min(enrolled.length, monthEnds.length);
    return bandGroupCurves(
      plain,
      line.total.enrolled.subarray(0, end),
      { gridDays: monthEnds.slice(0, n), enrolled: enrolled.slice(0, n) },
      days,
    );
  };
  return {
    simRunId,
    day0Ms: prepared.day0Ms,
    ...days,
    followUpLossRate: prepared.followUpLossRate ?? 0,
    groups,
    bands: { p10: curvesOf(band?.p10), p90: curvesOf(band?.p90) },
  };
}

/** Finished runs never change: their plan lines are kept (a few MB each for a 40-country plan). */
const lines = perDb<Db, PromiseLru<RunPlanLine>>(() => new PromiseLru(8));

/** The plan line of a finished run, computed once per run (concurrent callers share the computation). */
export const runPlanLine = (db: Db, simRunId: number): Promise<RunPlanLine> =>
  lines(db).get(String(simRunId), () => computeRunPlanLine(db, simRunId));
