/**
 * The forecast of a remodel plan on the plan's own terms. The Monte Carlo runs on the projection (the remaining
 * patients, sites screening from the day after the as-of date); this maps each replication onto the whole plan:
 * counts + what the projection does not simulate (the actuals, and the patients in screening at the as-of date),
 * milestones reached by the as-of date from the actuals, and the enrolled-count milestones recomputed on the
 * whole plan's count.
 */
import {
  MILESTONE_KEYS,
  NOT_REACHED,
  SERIES_KEYS,
  type ForecastChunk,
  type MilestoneKey,
  type SeriesKey,
} from '../forecast/types';
import { computePlanLine } from '../plan-line/compute-plan-line';
import { firstPositiveDay } from '../plan-line/milestones';
import type { Curves } from '../plan-line/types';
import type { RemodelResult } from '../scenarios/remodel';
import { FORECAST_TO_PLAN_LINE } from './from-forecast';

const SERIES_CURVE: Record<SeriesKey, keyof Curves> = {
  activeSites: 'activeSites',
  screened: 'screened',
  enrolled: 'enrolled',
  completed: 'completedTreatment',
};

/** Enrolled-count milestones: share of the plan's enrolled target (first = the first patient). */
const COUNT_SHARES: Partial<Record<MilestoneKey, number>> = {
  fpi: 0,
  enrolled25: 0.25,
  enrolled50: 0.5,
  enrolled75: 0.75,
};

const at = (c: Float64Array, d: number) => c[Math.min(Math.max(d, 0), c.length - 1)] ?? 0;

/**
 * Maps a chunk of the projection's replications (`runReplications(remodel.projection, ...)`) onto the whole remodel
 * plan (days since day 0, counts in patients and sites). Per grid day, each series gets the plan line's count
 * minus the projection's plan-line count (the actual totals at the as-of day, the patients in screening then, and
 * the completions of patients in treatment), rounded. Milestones: one reached by the as-of date on the plan line
 * (FSIV: the first actual activation) is that day in every replication; FPI and 25/50/75% enrolled not yet reached are the first grid day after the as-of
 * day on which the replication's whole-plan enrolled count reaches max(1, ceil(share x target)) (grid resolution),
 * unless nothing was enrolled or in screening, when the projection's own (exact) values are the plan's; FSIV, last
 * activation, FPS, LPI, screening stop, last treatment and LPLV are the projection's (they are the plan's events).
 */
export function remodelForecastChunk(remodel: RemodelResult, chunk: ForecastChunk): ForecastChunk {
  if (!remodel.projection)
    throw new RangeError('remodel has no projection (LPI was reached before the as-of date)');
  const line = remodel.planLine;
  const proj = computePlanLine(remodel.projection);
  const asOf = remodel.asOfDay;
  const G = chunk.grid.length;
  const S = SERIES_KEYS.length;
  const M = MILESTONE_KEYS.length;
  const R = chunk.to - chunk.from;
  // Counts the projection does not simulate, per series and grid day.
  const offset = SERIES_KEYS.map((key) =>
    Array.from(chunk.grid, (d) => {
      const c = SERIES_CURVE[key];
      return Math.round(at(line.total[c], d) - at(proj.total[c], d));
    }),
  );
  const eS = SERIES_KEYS.indexOf('enrolled');
  const counts = new Uint32Array(R * S * G);
  for (let r = 0; r < R; r++)
    for (let s = 0; s < S; s++)
      for (let j = 0; j < G; j++) {
        const i = (r * S + s) * G + j;
        counts[i] = Math.max(0, chunk.counts[i]! + offset[s]![j]!);
      }
  const nothingBefore = offset[eS]!.every((v) => v === 0);
  const target = remodel.baseline.targetEnrolled;
  const milestones = Float64Array.from(chunk.milestones);
  // The plan line's FSIV is the planned chain's; the actual first activation is on the actual curve.
  const reachedDay = (key: MilestoneKey) => {
    if (key === 'fsiv') return firstPositiveDay(line.total.activeSites);
    const planKey = FORECAST_TO_PLAN_LINE[key];
    return planKey ? line.milestones[planKey] : null;
  };
  MILESTONE_KEYS.forEach((key, m) => {
    const reached = reachedDay(key);
    if (reached !== null && reached <= asOf) {
      for (let r = 0; r < R; r++) milestones[r * M + m] = reached;
      return;
    }
    const share = COUNT_SHARES[key];
    if (share === undefined || nothingBefore) return;
    const k = Math.max(1, Math.ceil(share * target));
    for (let r = 0; r < R; r++) {
      let day = NOT_REACHED;
      for (let j = 0; j < G; j++) {
        const d = chunk.grid[j]!;
        if (d > asOf && counts[(r * S + eS) * G + j]! >= k) {
          day = d;
          break;
        }
      }
      milestones[r * M + m] = day;
    }
  });
  // FPLV follows the whole plan's FPI (the actual one when it precedes the as-of date, not the projection's).
  const fpiM = MILESTONE_KEYS.indexOf('fpi');
  const fplvM = MILESTONE_KEYS.indexOf('fplv');
  const shift = remodel.baseline.treatmentDays + remodel.baseline.followUpDays;
  const horizon = Math.max(chunk.horizonDays, line.horizonDays);
  for (let r = 0; r < R; r++) {
    const fpi = milestones[r * M + fpiM]!;
    const fplv = fpi === NOT_REACHED ? NOT_REACHED : fpi + shift;
    milestones[r * M + fplvM] = fplv === NOT_REACHED || fplv >= horizon + 1 ? NOT_REACHED : fplv;
  }
  return {
    ...chunk,
    horizonDays: Math.max(chunk.horizonDays, line.horizonDays),
    targetScreened: remodel.baseline.targetScreened,
    targetEnrolled: target,
    milestones,
    counts,
  };
}
