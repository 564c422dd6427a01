import type { SimulationInput } from '../input/schema';
import type { PreparedPlan } from '../model/prepared-plan';
import type { PlanLine, StudyPlanMilestones } from '../plan-line/types';
import { isSequentialCohortPlan } from '../scenarios/cohorts';
import { cohortResultSets } from './cohort-sets';
import { detailsTable, enrollmentChart, integerRows } from './details';
import { monthlyPeriods, weeklyPeriods } from './periods';
import {
  durationTable,
  ENROLLMENT_MILESTONES,
  enrollmentTable,
  startupTable,
  summaryTable,
  timelineTable,
} from './tables';
import type { ResultSets } from './types';

/**
 * What the result sets take from a forecast (Monte Carlo), when one ran: quantile dates per study milestone
 * (ms) and the band of cumulative enrolled per day. The forecast side maps its output onto this.
 */
export interface ForecastForResults {
  milestones?: Partial<
    Record<
      keyof StudyPlanMilestones,
      {
        p10: number | null;
        p50: number | null;
        p90: number | null;
        confidenceDate?: number | null;
        probabilityReached?: number;
      }
    >
  >;
  /** Cumulative enrolled at the end of grid days (days since day 0, ascending), with its P10/P50/P90. */
  enrolledBand?: { days: number[]; p10: number[]; p50: number[]; p90: number[] };
}

/** Last day shown in the tables: the plan-line LPLV (every curve is flat after it), else the horizon. */
export function tableLastDay(line: PlanLine): number {
  return Math.min(line.milestones.lastLastVisit ?? line.horizonDays, line.horizonDays);
}

/**
 * Builds the 13 result sets from the plan line, with the forecast columns when a forecast is given; sequential
 * cohort plans get the 7 cohort sets too (20 in all, `cohortResultSets`).
 */
export function buildResultSets(
  input: SimulationInput,
  prepared: PreparedPlan,
  planLine: PlanLine,
  forecast?: ForecastForResults,
): ResultSets {
  const lastDay = tableLastDay(planLine);
  const months = monthlyPeriods(prepared.day0Ms, lastDay);
  const weeks = weeklyPeriods(prepared.day0Ms, lastDay);
  const monthRows = integerRows(planLine, months);
  const weekRows = integerRows(planLine, weeks);
  const sets: ResultSets = {
    detailsMonthlyCumulative: detailsTable(prepared, months, monthRows, true),
    detailsMonthlyNonCumulative: detailsTable(prepared, months, monthRows, false),
    detailsWeeklyCumulative: detailsTable(prepared, weeks, weekRows, true),
    detailsWeeklyNonCumulative: detailsTable(prepared, weeks, weekRows, false),
    summaryTable: summaryTable(prepared, planLine, monthRows),
    startupTable: startupTable(prepared, planLine),
    durationTable: durationTable(prepared),
    timelineTable: timelineTable(prepared, planLine),
    enrollmentTable: enrollmentTable(input, prepared, planLine),
    siteGroupChartMonthly: enrollmentChart(prepared, months, monthRows, 'siteGroup'),
    siteGroupChartWeekly: enrollmentChart(prepared, weeks, weekRows, 'siteGroup'),
    regionChartMonthly: enrollmentChart(prepared, months, monthRows, 'region'),
    regionChartWeekly: enrollmentChart(prepared, weeks, weekRows, 'region'),
  };
  if (isSequentialCohortPlan(input.plan)) Object.assign(sets, cohortResultSets(input, prepared).sets);
  if (forecast) applyForecast(sets, forecast, months.endDay, weeks.endDay);
  return sets;
}

function applyForecast(
  sets: ResultSets,
  forecast: ForecastForResults,
  monthEnds: number[],
  weekEnds: number[],
): void {
  sets.enrollmentTable.forEach((row, k) => {
    const q = forecast.milestones?.[ENROLLMENT_MILESTONES[k]!.key];
    if (!q) return;
    row.P10 = q.p10;
    row.P50 = q.p50;
    row.P90 = q.p90;
    row.confidenceDateMillis = q.confidenceDate ?? null;
    row.probabilityReached = q.probabilityReached ?? null;
  });
  const band = forecast.enrolledBand;
  if (!band) return;
  // The value at the last grid day on or before each period end (the default grid holds every month and week end).
  const sample = (a: number[], ends: number[]) =>
    ends.map((end) => {
      let k = -1;
      while (k + 1 < band.days.length && band.days[k + 1]! <= end) k++;
      return k < 0 ? 0 : (a[k] ?? 0);
    });
  const bandAt = (ends: number[]) => ({
    p10: sample(band.p10, ends),
    p50: sample(band.p50, ends),
    p90: sample(band.p90, ends),
  });
  for (const chart of [sets.siteGroupChartMonthly, sets.regionChartMonthly])
    chart.forecastBand = bandAt(monthEnds);
  for (const chart of [sets.siteGroupChartWeekly, sets.regionChartWeekly])
    chart.forecastBand = bandAt(weekEnds);
}
