import type { SimulationInput } from '../input/schema';
import type { PreparedPlan } from '../model/prepared-plan';
import type { PlanLine } from '../plan-line/types';
import type { CohortForecast } from '../scenarios/cohort-forecast';
import { cohortChain, cohortPlanLine, type CohortChain } from '../scenarios/cohorts';
import { cohortPhaseLabels, summaryCohort, timelineCohort } from './cohort-summary';
import type { CohortChart, CohortResultSets } from './cohort-types';
import {
  formatDate,
  integerCurves,
  monthlyPeriods,
  nonCumulative,
  sampleAtPeriodEnds,
  weeklyPeriods,
  type Periods,
} from './periods';
import type { ChartSeries, DetailsBlock, DetailsTable } from './types';

interface CohortCurves {
  activeSites: Float64Array;
  screened: Float64Array;
  enrolled: Float64Array;
  completedTreatment: Float64Array;
}
type Metric = keyof CohortCurves;
type CohortRows = Record<Metric, number[][]>;

function cumulative(daily: Float64Array, shift: number): Float64Array {
  const out = new Float64Array(daily.length);
  let acc = 0;
  for (let d = Math.max(shift, 0); d < daily.length; d++) {
    acc += daily[d - shift]!;
    out[d] = acc;
  }
  return out;
}

/** Cumulative expected curves per cohort; active sites = the network's activated sites while the cohort runs. */
export function cohortCurves(chain: CohortChain, treatmentDays: number): CohortCurves[] {
  return chain.rows.map((row, k) => {
    const f = chain.flows[k]!;
    const active = new Float64Array(chain.horizonDays + 1);
    const from = row.cohortStartDay;
    const to = row.srcEndDay ?? chain.horizonDays;
    if (from !== null)
      for (let d = from; d <= Math.min(to, chain.horizonDays); d++) active[d] = chain.activeSites[d]!;
    return {
      activeSites: active,
      screened: cumulative(f.screened, 0),
      enrolled: cumulative(f.passing, f.enrollShift),
      completedTreatment: cumulative(f.completing, f.enrollShift + treatmentDays),
    };
  });
}

/** Last day the cohort tables show: the latest SRC end or last completed treatment, else the horizon. */
function cohortLastDay(chain: CohortChain, treatmentDays: number): number {
  let last = -1;
  for (const r of chain.rows) {
    if (r.srcEndDay !== null) last = Math.max(last, r.srcEndDay);
    if (r.enrollingEndDay !== null) last = Math.max(last, r.enrollingEndDay + treatmentDays);
  }
  return last < 0 ? chain.horizonDays : Math.min(last, chain.horizonDays);
}

function rowsAt(curves: CohortCurves[], periods: Periods): CohortRows {
  const sample = (m: Metric) => curves.map((c) => sampleAtPeriodEnds(c[m], periods));
  return {
    // Site counts are whole numbers already; the flows are rounded so that cohorts add up to the rounded total.
    activeSites: sample('activeSites').map((r) => r.map((v) => Math.round(v))),
    screened: integerCurves(sample('screened')),
    enrolled: integerCurves(sample('enrolled')),
    completedTreatment: integerCurves(sample('completedTreatment')),
  };
}

function block(names: string[], rows: number[][], diff: boolean, n: number): DetailsBlock {
  const data = rows.map((r) => (diff ? nonCumulative(r) : r));
  const header_totals = new Array<number>(n).fill(0);
  for (const r of data) r.forEach((v, k) => (header_totals[k]! += v));
  return {
    header_totals,
    sub_table_body: names.map((name, i) => ({ country_name: name, siteGroupId: name, data: data[i]! })),
  };
}

/** Details table with one row per cohort; active sites are a level (not differenced) in both variants. */
function cohortDetails(
  names: string[],
  periods: Periods,
  rows: CohortRows,
  cumulative: boolean,
): DetailsTable {
  const n = periods.startMs.length;
  return {
    period: periods.kind,
    cumulative,
    header_dates: periods.startMs.map(formatDate),
    header_dates_ms: periods.startMs,
    table_body: {
      active_sites: block(names, rows.activeSites, false, n),
      screened: block(names, rows.screened, !cumulative, n),
      enrolled: block(names, rows.enrolled, !cumulative, n),
      completed: block(names, rows.completedTreatment, !cumulative, n),
    },
  };
}

function seriesOf(rows: CohortRows, members: number[], n: number): Omit<ChartSeries, 'key' | 'name'> {
  const pick = (m: Metric) => {
    const out = new Array<number>(n).fill(0);
    for (const i of members) rows[m][i]!.forEach((v, k) => (out[k]! += v));
    return out;
  };
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

function cohortChart(names: string[], periods: Periods, rows: CohortRows): CohortChart {
  const n = periods.startMs.length;
  const total = seriesOf(
    rows,
    names.map((_, i) => i),
    n,
  );
  // The network's active sites are shared by the cohorts: the total shows the network, not a sum.
  total.activeSites =
    names.length === 0
      ? total.activeSites
      : rows.activeSites.reduce((a, r) => a.map((v, k) => Math.max(v, r[k]!)), new Array<number>(n).fill(0));
  return {
    period: periods.kind,
    groupBy: 'cohort',
    header_dates: periods.startMs.map(formatDate),
    header_dates_ms: periods.startMs,
    series: names.map((name, i) => ({ key: name, name, ...seriesOf(rows, [i], n) })),
    total,
  };
}

/**
 * The 7 cohort result sets of a sequential cohort plan (simulation model section 9), from the plan-line cohort
 * chain (`cohortChain`); with the cohort Monte Carlo (`cohortChainForecast`), the summary and the timeline carry its
 * quantiles. Also returns the chain (the filled cohort rows) and the cohort plan line
 * (`cohortPlanLine`), from which the 13 ordinary sets of the plan are built.
 */
export function cohortResultSets(
  input: SimulationInput,
  prepared: PreparedPlan,
  forecast?: CohortForecast,
): { sets: CohortResultSets; chain: CohortChain; planLine: PlanLine } {
  const chain = cohortChain(input.plan.cohorts ?? [], prepared);
  const curves = cohortCurves(chain, prepared.treatmentDays);
  const names = chain.rows.map((r) => r.cohortName);
  const labels = cohortPhaseLabels(input.plan);
  const lastDay = cohortLastDay(chain, prepared.treatmentDays);
  const m = monthlyPeriods(prepared.day0Ms, lastDay);
  const w = weeklyPeriods(prepared.day0Ms, lastDay);
  const mRows = rowsAt(curves, m);
  const wRows = rowsAt(curves, w);
  const finals = (rows: number[][]) => rows.map((r) => r.at(-1) ?? 0);
  return {
    chain,
    planLine: cohortPlanLine(prepared, chain),
    sets: {
      cohortDetailsMonthlyCumulative: cohortDetails(names, m, mRows, true),
      cohortDetailsMonthlyNonCumulative: cohortDetails(names, m, mRows, false),
      cohortDetailsWeeklyCumulative: cohortDetails(names, w, wRows, true),
      cohortDetailsWeeklyNonCumulative: cohortDetails(names, w, wRows, false),
      summaryTableCohort: summaryCohort(
        prepared,
        chain,
        {
          screened: finals(mRows.screened),
          enrolled: finals(mRows.enrolled),
          completedTreatment: finals(mRows.completedTreatment),
        },
        labels,
        forecast,
      ),
      cohortChartMonthly: cohortChart(names, m, mRows),
      cohortTimelineChart: timelineCohort(prepared, chain, labels, forecast),
    },
  };
}
