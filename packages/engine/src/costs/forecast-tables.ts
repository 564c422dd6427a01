import {
  forecastGroup,
  groupMonthCells,
  groupMonthTotals,
  sharedMonthGrid,
  type CostCells,
  type CostForecastInput,
  type ForecastGroupInput,
  type GroupForecast,
} from './forecast-groups';
import { apportionCents } from './money';

/** A Cost Summary row (spec/2 section 3); money in integer cents of the SOE currency, counts expected values. */
export interface CostSummaryRow extends CostCells {
  /** null on the Total row. */
  siteGroupId: number | null;
  /** The group's name; 'Total' on the Total row. */
  siteGroupName: string;
  dataSet: 'Detail' | 'SubTotal' | 'Total';
  /** A contracted site, or 1 for the country-cost sites; null on SubTotal and Total rows. */
  siteId: number | null;
}

/** A Cost Detail row: a Cost Summary row of one calendar month. */
export interface CostDetailRow extends CostSummaryRow {
  /** 'Jan 2024'. */
  monthYear: string;
}

/** An Investigator Grants row of a group; money in integer cents of the SOE currency, summing to totalCost. */
export interface InvestigatorGrantsRow {
  siteGroupId: number;
  siteGroupName: string;
  numberOfSites: number;
  screenFails: number;
  completedTreatment: number;
  dropOutOfTreatment: number;
  patientsCompleteFollowUp: number;
  siteFees: number;
  totalCost: number;
}

/** The forecast tables of design section 5 (Cost Summary, Cost Detail, Investigator Grants). */
export interface CostForecast {
  summary: CostSummaryRow[];
  detail: CostDetailRow[];
  grants: InvestigatorGrantsRow[];
}

const ZERO: CostCells = {
  siteCount: 0,
  subjectCount: 0,
  visitCount: 0,
  assessmentCount: 0,
  visitCost: 0,
  assessmentCost: 0,
  excludeCost: 0,
  siteCost: 0,
  totalCost: 0,
};

function add(a: CostCells, b: CostCells): CostCells {
  return {
    siteCount: a.siteCount + b.siteCount,
    subjectCount: a.subjectCount + b.subjectCount,
    visitCount: a.visitCount + b.visitCount,
    assessmentCount: a.assessmentCount + b.assessmentCount,
    visitCost: a.visitCost + b.visitCost,
    assessmentCost: a.assessmentCost + b.assessmentCost,
    excludeCost: a.excludeCost + b.excludeCost,
    siteCost: a.siteCost + b.siteCost,
    totalCost: a.totalCost + b.totalCost,
  };
}

const sum = (cells: readonly CostCells[]) => cells.reduce(add, ZERO);

/** Months in which a group has sites, patients or money. */
const busy = (c: CostCells) =>
  c.siteCount > 0 || c.visitCount > 1e-9 || c.totalCost !== 0 || c.excludeCost !== 0;

/** The group's visit money (unrounded SOE cents) split into the Investigator Grants columns. */
function grantsSplit(f: GroupForecast): [number, number, number, number] {
  let screenFails = 0;
  let completed = 0;
  let dropOut = 0;
  let followUp = 0;
  f.occurrences.forEach((o, v) => {
    const cost = f.rows.reduce((s, r) => s + (f.sites > 0 ? r.weight / f.sites : 1) * r.total[v]!, 0);
    const all = o.at(o.length - 1);
    if (o.category === 'Follow Up' || o.category === 'Close Out') {
      followUp += all * cost;
      return;
    }
    const failed = o.screenFailuresAt ? o.screenFailuresAt(o.length - 1) : 0;
    screenFails += failed * cost;
    completed += (all - failed) * o.completerShare * cost;
    dropOut += (all - failed) * (1 - o.completerShare) * cost;
  });
  return [screenFails, completed, dropOut, followUp];
}

/**
 * The forecast tables (design section 5): per group a Detail row per contracted site and one for the country-cost
 * sites (siteId 1), a SubTotal, and one Total; the same per calendar month from the group's first activation to its
 * last patient last visit. Summary rows are the sums of the months to the cent; the grants sum to the group's
 * totalCost. Throws MissingExchangeRateError naming a level without a rate.
 */
export function costForecast(input: CostForecastInput): CostForecast {
  const groups = input.groups.map((g) => forecastGroup(input, g));
  const grid = sharedMonthGrid(input.day0Ms, groups);
  const cells = groups.map((f) => groupMonthCells(f, grid));
  const summary: CostSummaryRow[] = [];
  const grants: InvestigatorGrantsRow[] = [];
  const subTotals: CostCells[] = [];
  groups.forEach((f, gi) => {
    const { siteGroupId, siteGroupName } = f.input;
    const rows = f.rows.map((r, ri) => ({ ...sum(cells[gi]![ri]!), siteCount: r.weight }));
    f.rows.forEach((r, ri) =>
      summary.push({ siteGroupId, siteGroupName, dataSet: 'Detail', siteId: r.siteId, ...rows[ri]! }),
    );
    const sub = { ...sum(rows), siteCount: f.sites };
    subTotals.push(sub);
    summary.push({ siteGroupId, siteGroupName, dataSet: 'SubTotal', siteId: null, ...sub });
    const [screenFails, completedTreatment, dropOutOfTreatment, patientsCompleteFollowUp] = apportionCents(
      grantsSplit(f),
      sub.visitCost,
    ) as [number, number, number, number];
    grants.push({
      siteGroupId,
      siteGroupName,
      numberOfSites: f.sites,
      screenFails,
      completedTreatment,
      dropOutOfTreatment,
      patientsCompleteFollowUp,
      siteFees: sub.siteCost,
      totalCost: sub.totalCost,
    });
  });
  summary.push({
    siteGroupId: null,
    siteGroupName: 'Total',
    dataSet: 'Total',
    siteId: null,
    ...sum(subTotals),
  });

  const detail: CostDetailRow[] = [];
  grid.labels.forEach((monthYear, m) => {
    const monthSubs: CostCells[] = [];
    groups.forEach((f, gi) => {
      const rows = cells[gi]!.map((r) => r[m]!);
      const sub = sum(rows);
      if (!busy(sub)) return;
      const { siteGroupId, siteGroupName } = f.input;
      f.rows.forEach((r, ri) =>
        detail.push({
          monthYear,
          siteGroupId,
          siteGroupName,
          dataSet: 'Detail',
          siteId: r.siteId,
          ...rows[ri]!,
        }),
      );
      detail.push({ monthYear, siteGroupId, siteGroupName, dataSet: 'SubTotal', siteId: null, ...sub });
      monthSubs.push(sub);
    });
    if (monthSubs.length > 0) {
      const total = sum(monthSubs);
      detail.push({
        monthYear,
        siteGroupId: null,
        siteGroupName: 'Total',
        dataSet: 'Total',
        siteId: null,
        ...total,
      });
    }
  });
  return { summary, detail, grants };
}

/** Cumulative total cost by month of one band, SOE cents, index = month of the shared grid from day 0. */
export interface CumulativeCostPoint {
  monthYear: string;
  p10: number;
  p50: number;
  p90: number;
}

/**
 * Cumulative total cost (visits + site fees, SOE cents) by calendar month for the P10 / P50 / P90 enrollment curves
 * of the linked run (the caller supplies each band's group curves; other inputs are shared).
 */
export function cumulativeCostByMonth(
  input: Omit<CostForecastInput, 'groups'>,
  bands: { p10: ForecastGroupInput[]; p50: ForecastGroupInput[]; p90: ForecastGroupInput[] },
): CumulativeCostPoint[] {
  const series = (groups: ForecastGroupInput[]) => {
    const forecasts = groups.map((g) => forecastGroup({ ...input, groups }, g));
    const grid = sharedMonthGrid(input.day0Ms, forecasts);
    const monthly = new Array<number>(grid.labels.length).fill(0);
    for (const f of forecasts) groupMonthTotals(f, grid).forEach((x, m) => (monthly[m]! += x));
    let running = 0;
    return { labels: grid.labels, cumulative: monthly.map((x) => (running += x)) };
  };
  const s = { p10: series(bands.p10), p50: series(bands.p50), p90: series(bands.p90) };
  const longest = [s.p10, s.p50, s.p90].reduce((a, b) => (b.labels.length > a.labels.length ? b : a));
  // Every grid starts at day 0, so month m has the same label in each; a shorter series stays at its final value.
  const at = (x: { cumulative: number[] }, m: number) =>
    x.cumulative[Math.min(m, x.cumulative.length - 1)] ?? 0;
  const first = Math.max(
    0,
    longest.cumulative.findIndex((x, m) => x > 0 || at(s.p10, m) > 0 || at(s.p90, m) > 0),
  );
  return longest.labels
    .map((monthYear, m) => ({ monthYear, p10: at(s.p10, m), p50: at(s.p50, m), p90: at(s.p90, m) }))
    .slice(first);
}
