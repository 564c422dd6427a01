import type { PreparedPlan } from '../model/prepared-plan';
import type { Curves, PlanLine } from '../plan-line/types';
import { formatDate, integerCurves, nonCumulative, sampleAtPeriodEnds, type Periods } from './periods';
import type { ChartSeries, DetailsBlock, DetailsTable, EnrollmentChart } from './types';

const METRICS = ['activeSites', 'screened', 'enrolled', 'completedTreatment', 'completedFollowUp'] as const;
type Metric = (typeof METRICS)[number];

/** Integer cumulative rows per metric, per group, per period (rounded so that rows add up, see integerCurves). */
export type IntegerRows = Record<Metric, number[][]>;

/** Samples each group's curves at the period ends and rounds them to integers. */
export function integerRows(planLine: PlanLine, periods: Periods): IntegerRows {
  const out = {} as IntegerRows;
  for (const m of METRICS) {
    out[m] = integerCurves(planLine.groups.map((g) => sampleAtPeriodEnds(g.curves[m], periods)));
  }
  return out;
}

function block(prepared: PreparedPlan, rows: number[][], cumulative: boolean, periods: number): DetailsBlock {
  const data = rows.map((r) => (cumulative ? r : nonCumulative(r)));
  const header_totals = new Array<number>(periods).fill(0);
  for (const r of data) r.forEach((v, k) => (header_totals[k]! += v));
  return {
    header_totals,
    sub_table_body: prepared.groups.map((g, i) => ({
      country_name: g.name,
      siteGroupId: g.key,
      data: data[i]!,
    })),
  };
}

/** One details table (monthly or weekly, cumulative or not); 'completed' = completed treatment. */
export function detailsTable(
  prepared: PreparedPlan,
  periods: Periods,
  rows: IntegerRows,
  cumulative: boolean,
): DetailsTable {
  const n = periods.startMs.length;
  return {
    period: periods.kind,
    cumulative,
    header_dates: periods.startMs.map(formatDate),
    header_dates_ms: periods.startMs,
    table_body: {
      active_sites: block(prepared, rows.activeSites, cumulative, n),
      screened: block(prepared, rows.screened, cumulative, n),
      enrolled: block(prepared, rows.enrolled, cumulative, n),
      completed: block(prepared, rows.completedTreatment, cumulative, n),
    },
  };
}

function sumRows(rows: number[][], n: number): number[] {
  const out = new Array<number>(n).fill(0);
  for (const r of rows) r.forEach((v, k) => (out[k]! += v));
  return out;
}

function series(rows: IntegerRows, members: number[], n: number): Omit<ChartSeries, 'key' | 'name'> {
  const pick = (m: Metric) =>
    sumRows(
      members.map((i) => rows[m][i]!),
      n,
    );
  const screened = pick('screened');
  const enrolled = pick('enrolled');
  return {
    activeSites: pick('activeSites'),
    screened: nonCumulative(screened),
    enrolled: nonCumulative(enrolled),
    cumulativeScreened: screened,
    cumulativeEnrolled: enrolled,
    cumulativeCompleted: pick('completedTreatment'),
  };
}

/** Enrollment chart by site group or by region (regions in order of first appearance). */
export function enrollmentChart(
  prepared: PreparedPlan,
  periods: Periods,
  rows: IntegerRows,
  groupBy: 'siteGroup' | 'region',
): EnrollmentChart {
  const n = periods.startMs.length;
  const all = prepared.groups.map((_, i) => i);
  const buckets = new Map<string, { name: string; members: number[] }>();
  prepared.groups.forEach((g, i) => {
    const key = groupBy === 'siteGroup' ? g.key : g.region;
    const name = groupBy === 'siteGroup' ? g.name : g.region;
    const b = buckets.get(key) ?? { name, members: [] };
    b.members.push(i);
    buckets.set(key, b);
  });
  return {
    period: periods.kind,
    groupBy,
    header_dates: periods.startMs.map(formatDate),
    header_dates_ms: periods.startMs,
    series: [...buckets].map(([key, b]) => ({ key, name: b.name, ...series(rows, b.members, n) })),
    total: series(rows, all, n),
  };
}

/** The study total of the integer rows at one day (for the enrollment milestones table). */
export function totalsAtDay(planLine: PlanLine, day: number): Record<Metric, number> {
  const out = {} as Record<Metric, number>;
  const at = (c: Curves, m: Metric) => c[m][Math.min(day, c[m].length - 1)] ?? 0;
  for (const m of METRICS) out[m] = Math.round(at(planLine.total, m));
  return out;
}
