/**
 * Combination plans (simulation model section 6, C): the union of at least two constituent plans, each simulated as
 * it stands, combined on the calendar. Day 0 of the combination is the earliest constituent's day 0; each
 * constituent's days are shifted by its whole-day offset (every day 0 is at noon UTC). Site groups are labelled by
 * plan ('Germany (Plan A)', key 'Plan A/1'), counts are sums, milestones the earliest first and the latest last.
 * Forecast: `combineForecastChunks` pairs replication r of every constituent (run each with its own seed, e.g.
 * seed + k, so the constituents are independent; the same seed would share random streams between plans) and takes,
 * per replication, the earliest first and latest last milestone and the sum of the counts.
 */
import type { SimulationInput } from '../input/schema';
import type { PreparedPlan } from '../model/prepared-plan';
import { MILESTONE_KEYS, NOT_REACHED, SERIES_KEYS, type ForecastChunk } from '../forecast/types';
import { reachDay } from '../plan-line/milestones';
import type { Curves, GroupPlanLine, PlanLine, StudyPlanMilestones } from '../plan-line/types';
import { buildResultSets, type ForecastForResults } from '../results/build-result-sets';
import type { CohortTimelineRow } from '../results/cohort-types';
import { combinationTimeline } from '../results/combination-timeline';
import type { ResultSets } from '../results/result-sets';
import { MS_PER_DAY } from '../time';

/** One constituent plan, simulated as it stands. */
export interface CombinationPart {
  /** Plan label for the group names, e.g. 'Plan A' (the study plan name). */
  label: string;
  input: SimulationInput;
  prepared: PreparedPlan;
  planLine: PlanLine;
}

export interface CombinedPlan {
  /** Combined plan: earliest day 0, groups of every constituent (labelled, chains shifted), summed targets. */
  prepared: PreparedPlan;
  planLine: PlanLine;
  /** Per constituent: its day 0 in combined days. */
  offsets: number[];
  /** The Timeline Overview: one row per constituent, one bar per milestone span (`combinationTimeline`). */
  timeline: CohortTimelineRow[];
}

/** Study milestones taken as the latest across plans; every other one (first-type) is the earliest. */
const LATEST: ReadonlySet<keyof StudyPlanMilestones> = new Set<keyof StudyPlanMilestones>([
  'siteIdFinish',
  'lastSiteActivation',
  'lastEnrolled',
  'lastCompletedTreatment',
  'lastLastVisit',
  'tfed',
  'dbLock',
  'csr',
  'tmfClose',
]);
/** Recomputed on the combined enrolled curve (share of the summed target). */
const SHARES: Partial<Record<keyof StudyPlanMilestones, number>> = {
  enrolled25: 0.25,
  enrolled50: 0.5,
  enrolled75: 0.75,
};

const CURVE_KEYS: (keyof Curves)[] = [
  'activeSites',
  'screened',
  'enrolled',
  'completedTreatment',
  'completedFollowUp',
];

/** Shifts a cumulative curve by `offset` days onto a length-n axis (0 before, flat after its end). */
function shifted(curve: Float64Array, offset: number, n: number): Float64Array {
  const out = new Float64Array(n);
  const lastValue = curve[curve.length - 1] ?? 0;
  for (let d = offset; d < n; d++) out[d] = d - offset < curve.length ? curve[d - offset]! : lastValue;
  return out;
}

/** Combines at least two constituent plans on the calendar (plan line and the prepared description). */
export function combinePlans(parts: readonly CombinationPart[]): CombinedPlan {
  if (parts.length < 2) throw new RangeError('a combination needs at least two plans');
  const day0Ms = Math.min(...parts.map((p) => p.prepared.day0Ms));
  const offsets = parts.map((p) => Math.round((p.prepared.day0Ms - day0Ms) / MS_PER_DAY));
  const horizon = Math.max(...parts.map((p, k) => offsets[k]! + p.planLine.horizonDays));
  const groups = parts.flatMap((p, k) => shiftedGroupLines(p, offsets[k]!, horizon + 1));
  const total = Object.fromEntries(
    CURVE_KEYS.map((c) => [c, new Float64Array(horizon + 1)]),
  ) as unknown as Curves;
  for (const g of groups)
    for (const c of CURVE_KEYS) for (let d = 0; d <= horizon; d++) total[c][d]! += g.curves[c][d]!;
  const targetEnrolled = parts.reduce((s, p) => s + p.prepared.targetEnrolled, 0);
  const planLine: PlanLine = {
    horizonDays: horizon,
    groups,
    total,
    milestones: combinedMilestones(parts, offsets, total, targetEnrolled),
    screeningStopDay: null,
    pauses: parts.flatMap((p, k) =>
      p.planLine.pauses.map((w) => ({
        groupKey: w.groupKey === null ? null : `${p.label}/${w.groupKey}`,
        startDay: w.startDay + offsets[k]!,
        endDay: w.endDay + offsets[k]!,
      })),
    ),
  };
  const prepared = combinedPrepared(parts, offsets, { day0Ms, horizon, targetEnrolled });
  const timeline = combinationTimeline(
    parts.map((p, k) => ({ label: p.label, offset: offsets[k]!, milestones: p.planLine.milestones })),
    day0Ms,
  );
  return { prepared, planLine, offsets, timeline };
}

/** A part's group lines on the combined calendar (n days), keyed `label/group`. */
function shiftedGroupLines(p: CombinationPart, off: number, n: number): GroupPlanLine[] {
  const move = (d: number | null) => (d === null ? null : d + off);
  return p.planLine.groups.map((g) => {
    const curves = Object.fromEntries(
      CURVE_KEYS.map((c) => [c, shifted(g.curves[c], off, n)]),
    ) as unknown as Curves;
    const m = g.milestones;
    return {
      key: `${p.label}/${g.key}`,
      curves,
      siteMonths: g.siteMonths,
      milestones: {
        firstSiteActivation: move(m.firstSiteActivation),
        lastSiteActivation: move(m.lastSiteActivation),
        firstScreened: move(m.firstScreened),
        firstEnrolled: move(m.firstEnrolled),
        lastScreened: move(m.lastScreened),
        lastEnrolled: move(m.lastEnrolled),
      },
    };
  });
}

/**
 * The combination's milestones: share milestones where the summed enrolled curve reaches them; a last milestone
 * when every plan reaches it (the latest), a first one when any plan does (the earliest).
 */
function combinedMilestones(
  parts: readonly CombinationPart[],
  offsets: readonly number[],
  total: Curves,
  targetEnrolled: number,
): StudyPlanMilestones {
  const keys = Object.keys(parts[0]!.planLine.milestones) as (keyof StudyPlanMilestones)[];
  const milestones = {} as StudyPlanMilestones;
  for (const key of keys) {
    const share = SHARES[key];
    if (share !== undefined) {
      milestones[key] = reachDay(total.enrolled, Math.ceil(share * targetEnrolled));
      continue;
    }
    const values = parts.map((p, k) => {
      const d = p.planLine.milestones[key];
      return d === null ? null : d + offsets[k]!;
    });
    const known = values.filter((d): d is number => d !== null);
    milestones[key] = LATEST.has(key)
      ? known.length === values.length
        ? Math.max(...known)
        : null
      : known.length
        ? Math.min(...known)
        : null;
  }
  return milestones;
}

/** The combination as one prepared plan: every part's groups on the combined calendar, the targets summed. */
function combinedPrepared(
  parts: readonly CombinationPart[],
  offsets: readonly number[],
  o: { day0Ms: number; horizon: number; targetEnrolled: number },
): PreparedPlan {
  const prepared: PreparedPlan = {
    ...parts[0]!.prepared,
    day0Ms: o.day0Ms,
    horizonDays: o.horizon,
    // Week ends as far as any part has them, on the combined calendar.
    weeklyGridEndDay: Math.min(
      o.horizon,
      Math.max(...parts.map((p, k) => offsets[k]! + (p.prepared.weeklyGridEndDay ?? p.planLine.horizonDays))),
    ),
    groups: parts.flatMap((p, k) =>
      p.prepared.groups.map((g) => {
        const off = offsets[k]!;
        const m = g.milestones;
        return {
          ...g,
          key: `${p.label}/${g.key}`,
          name: `${g.name} (${p.label})`,
          milestones: {
            siteIdFinish: m.siteIdFinish + off,
            protocolFinal: m.protocolFinal + off,
            regulatorySubmission: m.regulatorySubmission + off,
            firstRegulatoryApproval: m.firstRegulatoryApproval + off,
            firstSiteActivation: m.firstSiteActivation + off,
          },
        };
      }),
    ),
    targetScreened: parts.reduce((s, p) => s + p.prepared.targetScreened, 0),
    targetEnrolled: o.targetEnrolled,
    pause: null,
  };
  delete prepared.planLineRateMultiplier;
  return prepared;
}

/**
 * Result sets of a combination: the 13 non-cohort sets on the combined calendar and the Timeline Overview
 * (cohortTimelineChart, one row per constituent). The milestone confidence levels
 * come from `input` (default: the first constituent's). `forecast`: the combined forecast
 * (`combineForecastChunks`, `summarizeForecast`, `forecastForResults` on the combined day 0), when one ran.
 */
export function combinedResultSets(
  combined: CombinedPlan,
  input: SimulationInput,
  forecast?: ForecastForResults,
): ResultSets {
  return {
    ...buildResultSets(input, combined.prepared, combined.planLine, forecast),
    cohortTimelineChart: combined.timeline,
  };
}

/**
 * Combines the forecast chunks of the constituents, replication by replication: chunks must cover the same
 * replication range [from, to) and their grids, shifted by `offsets` (combined days of each constituent's day 0),
 * must be the same calendar days. Per replication: first milestones (fsiv, fps, fpi) are the earliest reached,
 * last ones (lastActivation, lpi, lps, lastTreatment, lplv) the latest (NOT_REACHED when one plan does not reach
 * it); enrolled25/50/75 are the first grid day whose summed enrolled count reaches the share of the summed target
 * (grid resolution); counts are summed. The result summarizes with `summarizeForecast`.
 */
export function combineForecastChunks(
  chunks: readonly ForecastChunk[],
  offsets: readonly number[],
): ForecastChunk {
  if (chunks.length < 2 || offsets.length !== chunks.length)
    throw new RangeError('combineForecastChunks needs at least two chunks and one offset per chunk');
  const first = chunks[0]!;
  const G = first.grid.length;
  const grid = Int32Array.from(first.grid, (d) => d + offsets[0]!);
  chunks.forEach((c, k) => {
    if (c.from !== first.from || c.to !== first.to)
      throw new RangeError('chunks must cover the same replications');
    if (c.grid.length !== G || c.grid.some((d, j) => d + offsets[k]! !== grid[j]))
      throw new RangeError('chunks must share the calendar grid');
  });
  const R = first.to - first.from;
  const M = MILESTONE_KEYS.length;
  const S = SERIES_KEYS.length;
  const targetEnrolled = chunks.reduce((s, c) => s + c.targetEnrolled, 0);
  const counts = new Uint32Array(R * S * G);
  const milestones = new Float64Array(R * M);
  const latest = new Set(['lastActivation', 'lpi', 'lps', 'lastTreatment', 'lplv']);
  const shares: Record<string, number> = { enrolled25: 0.25, enrolled50: 0.5, enrolled75: 0.75 };
  const eSeries = SERIES_KEYS.indexOf('enrolled');
  for (let r = 0; r < R; r++) {
    for (let i = 0; i < S * G; i++) {
      let v = 0;
      for (const c of chunks) v += c.counts[r * S * G + i]!;
      counts[r * S * G + i] = v;
    }
    MILESTONE_KEYS.forEach((key, m) => {
      const share = shares[key];
      if (share !== undefined) {
        const k = Math.max(1, Math.ceil(share * targetEnrolled));
        let out = NOT_REACHED;
        for (let j = 0; j < G; j++)
          if (counts[(r * S + eSeries) * G + j]! >= k) {
            out = grid[j]!;
            break;
          }
        milestones[r * M + m] = out;
        return;
      }
      const values = chunks.map((c, k) => {
        const v = c.milestones[r * M + m]!;
        return v === NOT_REACHED ? null : v + offsets[k]!;
      });
      const known = values.filter((v): v is number => v !== null);
      milestones[r * M + m] = latest.has(key)
        ? known.length === values.length
          ? Math.max(...known)
          : NOT_REACHED
        : known.length
          ? Math.min(...known)
          : NOT_REACHED;
    });
  }
  return {
    ...first,
    seed: first.seed,
    horizonDays: Math.max(...chunks.map((c, k) => c.horizonDays + offsets[k]!)),
    targetScreened: chunks.reduce((s, c) => s + c.targetScreened, 0),
    targetEnrolled,
    grid,
    milestones,
    counts,
  };
}
