import type { Curves } from '../plan-line/types';
import { SUB_CENTS, toSoeCurrency } from './currency';
import { resolveLevel } from './levels';
import { roundCents } from './money';
import { monthGrid, monthOfDay, perMonth, perMonthOf, type MonthGrid } from './month-grid';
import { lastFlowDay, visitFlows, type VisitFlow } from './occurrences';
import { siteActivationDays, siteFeeCounts, type SiteFeeCounts } from './site-fees';
import { isSiteFeeType, SITE_FEE_TYPES, type SiteFeeType, type SoeCostInput } from './types';
import { visitTotalsOf } from './visit-costs';

/** One site group of the linked plan: its plan-line curves and the rates the engine used for it. */
export interface ForecastGroupInput {
  siteGroupId: number;
  siteGroupName: string;
  curves: Curves;
  screenFailRate: number;
  dropOutRate: number;
}

/** Inputs of the cost forecast: the SOE, day 0 of the plan line and the plan's patient flow. */
export interface CostForecastInput {
  soe: SoeCostInput;
  /** Day 0 of the plan line, ms since the epoch (noon UTC). */
  day0Ms: number;
  treatmentDays: number;
  followUpDays: number;
  followUpLossRate?: number;
  groups: ForecastGroupInput[];
}

/** The money and count cells of a cost row; money in integer cents of the SOE currency, counts expected values. */
export interface CostCells {
  siteCount: number;
  subjectCount: number;
  visitCount: number;
  assessmentCount: number;
  visitCost: number;
  assessmentCost: number;
  excludeCost: number;
  siteCost: number;
  totalCost: number;
}

/** A Detail row of a group: a contracted site (weight 1) or the country-cost sites (siteId 1, weight = their count). */
export interface GroupRowCosts {
  siteId: number;
  weight: number;
  /** Per visit, SOE-currency cents per occurrence (unrounded). */
  total: number[];
  assessment: number[];
  exclude: number[];
  /** Per site-fee type, SOE-currency cents per site and charge. */
  fees: Record<SiteFeeType, number>;
}

/** A group's forecast before tabulation. */
export interface GroupForecast {
  input: ForecastGroupInput;
  occurrences: VisitFlow[];
  /** Number of sites sharing the group's patients: max(activated sites, contracted sites). */
  sites: number;
  activationDays: number[];
  closeDay: number;
  rows: GroupRowCosts[];
  /** Assessment Count per visit (the grid's, level-independent). */
  assessmentCounts: number[];
}

/**
 * The cost rows of a group by SOE input (treated as immutable, like the grid of visit-costs): the tables and the
 * chart's three enrollment bands of one forecast ask for the same rows.
 */
const rowsByInput = new WeakMap<SoeCostInput, Map<string, GroupRowCosts[]>>();
function groupRows(soe: SoeCostInput, siteGroupId: number, sites: number): GroupRowCosts[] {
  let known = rowsByInput.get(soe);
  if (!known) rowsByInput.set(soe, (known = new Map()));
  const key = `${siteGroupId}:${sites}:${soe.levels.length}`;
  let rows = known.get(key);
  if (!rows) known.set(key, (rows = computeGroupRows(soe, siteGroupId, sites)));
  return rows;
}

/** The cost rows of a group: one per contracted site, then the country-cost sites. */
function computeGroupRows(soe: SoeCostInput, siteGroupId: number, sites: number): GroupRowCosts[] {
  const contracted = soe.levels
    .filter((l) => l.siteGroupId === siteGroupId && l.siteId !== 1)
    .map((l) => l.siteId)
    .sort((a, b) => a - b);
  const n = Math.max(sites, contracted.length);
  const rows = contracted.map((siteId) => ({ siteId, weight: 1 }));
  if (n - contracted.length > 0 || contracted.length === 0)
    rows.push({ siteId: 1, weight: n - contracted.length });
  const feeTypes = new Map(soe.assessments.map((a) => [a.assessmentId, a.type]));
  return rows.map(({ siteId, weight }) => {
    const level = resolveLevel(soe, { siteGroupId, siteId });
    const soeCents = (cents: number) => toSoeCurrency(cents, level.currency, soe.currency);
    const totals = visitTotalsOf(soe, level);
    const fees = Object.fromEntries(SITE_FEE_TYPES.map((t) => [t, 0])) as Record<SiteFeeType, number>;
    for (const a of level.assessments) {
      const type = feeTypes.get(a.assessmentId);
      if (type !== undefined && isSiteFeeType(type))
        fees[type] += soeCents(Number(a.costSubCents) / SUB_CENTS);
    }
    return {
      siteId,
      weight,
      // Exact amounts (inherited ones converted without rounding), rounded once per month cell.
      total: totals.map((t) => soeCents(t.exact.totalVisitCost)),
      assessment: totals.map((t) => soeCents(t.exact.assessmentCost)),
      exclude: totals.map((t) => soeCents(t.exact.excludeCost)),
      fees,
    };
  });
}

/** The grid's Assessment Count per visit (level-independent), computed once per input: every group reads it. */
const counts = new WeakMap<SoeCostInput, number[]>();
function studyAssessmentCounts(soe: SoeCostInput): number[] {
  let c = counts.get(soe);
  if (!c) {
    const totals = visitTotalsOf(soe, resolveLevel(soe, { siteGroupId: 0, siteId: 1 }));
    counts.set(soe, (c = totals.map((t) => t.assessmentCount)));
  }
  return c;
}

/** A group's visit occurrences (visitFlows with the plan's patient flow and the group's rates). */
export function groupFlows(input: Omit<CostForecastInput, 'groups'>, g: ForecastGroupInput): VisitFlow[] {
  return visitFlows(input.soe.visits, g.curves, {
    intervalType: input.soe.intervalType,
    treatmentDays: input.treatmentDays,
    followUpDays: input.followUpDays,
    followUpLossRate: input.followUpLossRate,
    screenFailRate: g.screenFailRate,
    dropOutRate: g.dropOutRate,
  });
}

/** Occurrences, sites and per-row costs of a group. Throws MissingExchangeRateError naming a level without a rate. */
export function forecastGroup(input: CostForecastInput, g: ForecastGroupInput): GroupForecast {
  const occurrences = groupFlows(input, g);
  const activationDays = siteActivationDays(g.curves.activeSites);
  // Without any patient the sites stay open to the end of the plan line.
  const closeDay = lastFlowDay(occurrences) ?? g.curves.activeSites.length - 1;
  const rows = groupRows(input.soe, g.siteGroupId, activationDays.length);
  const sites = rows.reduce((s, r) => s + r.weight, 0);
  const assessmentCounts = studyAssessmentCounts(input.soe);
  return {
    input: g,
    occurrences,
    sites,
    activationDays,
    closeDay,
    rows,
    assessmentCounts,
  };
}

/** Per-month cells of every row of a group (index [row][month]), on a shared month grid. */
export function groupMonthCells(f: GroupForecast, grid: MonthGrid): CostCells[][] {
  const months = grid.startDays.length;
  const occ = f.occurrences.map((o) => perMonthOf(grid, o.length, o.at));
  const enrolled = perMonth(grid, f.input.curves.enrolled);
  const fees: SiteFeeCounts = siteFeeCounts(grid, f.activationDays, f.closeDay);
  const active = new Float64Array(months);
  for (const a of f.activationDays) {
    const last = Math.max(monthOfDay(grid, a), monthOfDay(grid, f.closeDay));
    for (let m = monthOfDay(grid, a); m <= last; m++) active[m]! += 1;
  }
  return f.rows.map((r) => {
    const share = f.sites > 0 ? r.weight / f.sites : 1;
    const cells: CostCells[] = [];
    for (let m = 0; m < months; m++) {
      let visits = 0;
      let assessments = 0;
      let total = 0;
      let assessment = 0;
      let exclude = 0;
      for (let v = 0; v < occ.length; v++) {
        const n = occ[v]![m]! * share;
        visits += n;
        assessments += n * f.assessmentCounts[v]!;
        total += n * r.total[v]!;
        assessment += n * r.assessment[v]!;
        exclude += n * r.exclude[v]!;
      }
      let site = 0;
      for (const t of SITE_FEE_TYPES) site += fees[t][m]! * r.weight * r.fees[t];
      const visitCost = roundCents(total);
      const siteCost = roundCents(site);
      cells.push({
        siteCount: active[m]! * share,
        subjectCount: enrolled[m]! * share,
        visitCount: visits,
        assessmentCount: assessments,
        visitCost,
        assessmentCost: roundCents(assessment),
        excludeCost: roundCents(exclude),
        siteCost,
        totalCost: visitCost + siteCost,
      });
    }
    return cells;
  });
}

/**
 * The total cost (visits + site fees, SOE cents) of a group per month of the grid: the sum of its rows' totalCost of
 * groupMonthCells, computed the same way without the other cells (the cost chart reads only this).
 */
export function groupMonthTotals(f: GroupForecast, grid: MonthGrid): Float64Array {
  const months = grid.startDays.length;
  const occ = f.occurrences.map((o) => perMonthOf(grid, o.length, o.at));
  const fees: SiteFeeCounts = siteFeeCounts(grid, f.activationDays, f.closeDay);
  const out = new Float64Array(months);
  for (const r of f.rows) {
    const share = f.sites > 0 ? r.weight / f.sites : 1;
    for (let m = 0; m < months; m++) {
      let total = 0;
      for (let v = 0; v < occ.length; v++) {
        const n = occ[v]![m]! * share;
        total += n * r.total[v]!;
      }
      let site = 0;
      for (const t of SITE_FEE_TYPES) site += fees[t][m]! * r.weight * r.fees[t];
      out[m]! += roundCents(total) + roundCents(site);
    }
  }
  return out;
}

/** One month grid covering every group's occurrences, from day 0. */
export function sharedMonthGrid(day0Ms: number, groups: readonly GroupForecast[]): MonthGrid {
  const lastDay = Math.max(
    0,
    ...groups.map((f) => Math.max(f.closeDay, (f.occurrences[0]?.length ?? 1) - 1)),
  );
  return monthGrid(day0Ms, lastDay);
}
