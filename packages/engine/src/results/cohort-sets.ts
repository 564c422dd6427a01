import type { SimulationInput } from '../input/schema';
import type { PreparedPlan } from '../model/prepared-plan';
import { cohortChain, COHORT_PHASES, type CohortChain } from '../scenarios/cohorts';
import { DISPLAY_DAYS_PER_MONTH } from '../time';
import type { CohortChart, CohortResultSets, CohortSummaryRow, CohortTimelineRow } from './cohort-types';
import {
  dayToMs,
  formatDate,
  integerCurves,
  monthlyPeriods,
  nonCumulative,
  sampleAtPeriodEnds,
  weeklyPeriods,
  type Periods,
} from './periods';
import type { ChartSeries, Computed, DetailsBlock, DetailsTable } from './types';

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

const months = (from: number | null, to: number | null): Computed =>
  from === null || to === null ? '##' : Math.round(((to - from) / DISPLAY_DAYS_PER_MONTH) * 10) / 10;

function summaryCohort(prepared: PreparedPlan, chain: CohortChain, rows: CohortRows): CohortSummaryRow[] {
  const date = (d: number | null) => (d === null ? null : formatDate(dayToMs(prepared.day0Ms, d)));
  const final = (m: Metric, i: number) => rows[m][i]!.at(-1) ?? 0;
  const make = (
    name: string,
    days: CohortSummaryRow['days'],
    screened: number,
    enrolled: number,
    completed: number,
  ): CohortSummaryRow => ({
    cohortName: name,
    'Cohort Start': date(days.start),
    'Screening End': date(days.screeningEnd),
    'Enrolling End': date(days.enrollingEnd),
    'DTL End': date(days.dtlEnd),
    'SRC End': date(days.srcEnd),
    days,
    'Number of Patients Screened': screened,
    'Number of Patients Enrolled': enrolled,
    'Number of Patients Completing Treatment': completed,
    'Enrollment Duration': months(days.start, days.enrollingEnd),
    'Cohort Duration': months(days.start, days.srcEnd),
  });
  const out = chain.rows.map((r, i) =>
    make(
      r.cohortName,
      {
        start: r.cohortStartDay,
        screeningEnd: r.screeningEndDay,
        enrollingEnd: r.enrollingEndDay,
        dtlEnd: r.dtlEndDay,
        srcEnd: r.srcEndDay,
      },
      final('screened', i),
      final('enrolled', i),
      final('completedTreatment', i),
    ),
  );
  // Overall: the earliest start; a phase end only when every cohort reaches it.
  const all = (pick: (r: CohortSummaryRow) => number | null, agg: 'min' | 'max') => {
    const v = out.map(pick);
    if (agg === 'min') return minOf(v);
    return v.length === 0 || v.some((x) => x === null) ? null : Math.max(...(v as number[]));
  };
  const sum = (
    k:
      | 'Number of Patients Screened'
      | 'Number of Patients Enrolled'
      | 'Number of Patients Completing Treatment',
  ) => out.reduce((a, r) => a + r[k], 0);
  out.push(
    make(
      'Overall',
      {
        start: all((r) => r.days.start, 'min'),
        screeningEnd: all((r) => r.days.screeningEnd, 'max'),
        enrollingEnd: all((r) => r.days.enrollingEnd, 'max'),
        dtlEnd: all((r) => r.days.dtlEnd, 'max'),
        srcEnd: all((r) => r.days.srcEnd, 'max'),
      },
      sum('Number of Patients Screened'),
      sum('Number of Patients Enrolled'),
      sum('Number of Patients Completing Treatment'),
    ),
  );
  return out;
}

function minOf(v: (number | null)[]): number | null {
  const xs = v.filter((x): x is number => x !== null);
  return xs.length ? Math.min(...xs) : null;
}

function timelineCohort(prepared: PreparedPlan, chain: CohortChain): CohortTimelineRow[] {
  const projectStart = formatDate(prepared.day0Ms);
  const out: CohortTimelineRow[] = [];
  for (const r of chain.rows) {
    const ends = [r.screeningEndDay, r.enrollingEndDay, r.dtlEndDay, r.srcEndDay];
    let from = r.cohortStartDay;
    COHORT_PHASES.forEach((phase, k) => {
      const to = ends[k] ?? null;
      if (from === null || to === null) return;
      out.push({
        cohortName: r.cohortName,
        milestoneName: phase,
        'Project Start Date': projectStart,
        studyDayStart: from,
        studyDayDuration: to - from,
      });
      from = to;
    });
  }
  return out;
}

/**
 * The 7 cohort result sets of a sequential cohort plan (simulation model section 9), from the plan-line cohort
 * chain (`cohortChain`). Also returns the chain (the filled cohort rows).
 */
export function cohortResultSets(
  input: SimulationInput,
  prepared: PreparedPlan,
): { sets: CohortResultSets; chain: CohortChain } {
  const chain = cohortChain(input.plan.cohorts ?? [], prepared);
  const curves = cohortCurves(chain, prepared.treatmentDays);
  const names = chain.rows.map((r) => r.cohortName);
  const lastDay = cohortLastDay(chain, prepared.treatmentDays);
  const m = monthlyPeriods(prepared.day0Ms, lastDay);
  const w = weeklyPeriods(prepared.day0Ms, lastDay);
  const mRows = rowsAt(curves, m);
  const wRows = rowsAt(curves, w);
  return {
    chain,
    sets: {
      cohortDetailsMonthlyCumulative: cohortDetails(names, m, mRows, true),
      cohortDetailsMonthlyNonCumulative: cohortDetails(names, m, mRows, false),
      cohortDetailsWeeklyCumulative: cohortDetails(names, w, wRows, true),
      cohortDetailsWeeklyNonCumulative: cohortDetails(names, w, wRows, false),
      summaryTableCohort: summaryCohort(prepared, chain, mRows),
      cohortChartMonthly: cohortChart(names, m, mRows),
      cohortTimelineChart: timelineCohort(prepared, chain),
    },
  };
}
