import type { SimulationInput } from '../input/schema';
import type { PreparedPlan } from '../model/prepared-plan';
import type { PlanLine, StudyPlanMilestones } from '../plan-line/types';
import { isSequentialCohortPlan, type CohortChain } from '../scenarios/cohorts';
import type { CohortForecast } from '../scenarios/cohort-forecast';
import { cohortLastMilestones } from './cohort-forecast-sets';
import { cohortResultSets } from './cohort-sets';
import { detailsTable, enrollmentChart, integerRows } from './details';
import { monthlyPeriods, weeklyPeriods } from './periods';
import {
  durationTable,
  ENROLLMENT_MILESTONES,
  enrollmentTable,
  startupTable,
  summaryTable,
  milestoneLevels,
  timelineTable,
} from './tables';
import type { ResultSets } from './result-sets';

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
  /** Last day the forecast simulated (ms at noon UTC): a null quantile means "not reached by" this date. */
  horizonMillis?: number;
  /** Cumulative enrolled at the end of grid days (days since day 0, ascending), with its P10/P50/P90. */
  enrolledBand?: { days: number[]; p10: number[]; p50: number[]; p90: number[] };
  /** Sequential cohort plans: the cohort chain's Monte Carlo (`cohortForecast`). */
  cohorts?: CohortForecast;
}

/** Last day shown in the tables: the plan-line LPLV (every curve is flat after it), else the horizon. */
export function tableLastDay(line: PlanLine): number {
  return Math.min(line.milestones.lastLastVisit ?? line.horizonDays, line.horizonDays);
}

/**
 * Builds the 13 result sets from the plan line, with the forecast columns when a forecast is given; sequential
 * cohort plans get the 7 cohort sets too (20 in all, `cohortResultSets`), and their 13 ordinary sets come from the
 * cohort plan line (`cohortPlanLine`), not from `planLine` (the continuous plan line is not used for them).
 */
export function buildResultSets(
  input: SimulationInput,
  prepared: PreparedPlan,
  planLine: PlanLine,
  forecast?: ForecastForResults,
): ResultSets {
  const cohort = isSequentialCohortPlan(input.plan)
    ? cohortResultSets(input, prepared, forecast?.cohorts)
    : null;
  const line = cohort ? cohort.planLine : planLine;
  const lastDay = tableLastDay(line);
  const months = monthlyPeriods(prepared.day0Ms, lastDay);
  const weeks = weeklyPeriods(prepared.day0Ms, lastDay);
  const monthRows = integerRows(line, months);
  const weekRows = integerRows(line, weeks);
  const sets: ResultSets = {
    detailsMonthlyCumulative: detailsTable(prepared, months, monthRows, true),
    detailsMonthlyNonCumulative: detailsTable(prepared, months, monthRows, false),
    detailsWeeklyCumulative: detailsTable(prepared, weeks, weekRows, true),
    detailsWeeklyNonCumulative: detailsTable(prepared, weeks, weekRows, false),
    summaryTable: summaryTable(prepared, line, monthRows),
    startupTable: startupTable(prepared, line),
    durationTable: durationTable(prepared),
    timelineTable: timelineTable(prepared, line),
    enrollmentTable: enrollmentTable(input, prepared, line),
    siteGroupChartMonthly: enrollmentChart(prepared, months, monthRows, 'siteGroup'),
    siteGroupChartWeekly: enrollmentChart(prepared, weeks, weekRows, 'siteGroup'),
    regionChartMonthly: enrollmentChart(prepared, months, monthRows, 'region'),
    regionChartWeekly: enrollmentChart(prepared, weeks, weekRows, 'region'),
  };
  if (cohort) Object.assign(sets, cohort.sets);
  if (forecast) {
    const shown = cohort ? cohortSafeForecast(forecast, prepared, cohort.chain, input) : forecast;
    applyPeriodsForecast(sets, shown, months.endDay, weeks.endDay);
  }
  return sets;
}

/**
 * What a forecast may show for a sequential cohort plan. From the ordinary (continuous-enrollment) model: the
 * start-up milestones (first site initiated, last site), first patient screened (the first cohort screens with
 * the whole network from its first open site, as the ordinary model does) and first patient in when the first
 * cohort's screening duration is the plan's. From the cohort Monte Carlo (`forecast.cohorts`), when it ran: LPI,
 * LPC and LPLV. Every other milestone and the enrolled band depend on the cohort schedule in ways neither
 * simulates, so they are dropped (null) rather than shown from the wrong model.
 */
export function cohortSafeForecast(
  forecast: ForecastForResults,
  prepared: PreparedPlan,
  chain: CohortChain,
  input?: SimulationInput,
): ForecastForResults {
  const first = chain.rows.find((r) => r.predecessorCohortName === null);
  const keep: (keyof StudyPlanMilestones)[] = ['firstSiteActivation', 'lastSiteActivation'];
  if (first && first.patients > 0) {
    keep.push('firstScreened');
    if (first.screeningDurationDays === prepared.screeningDays) keep.push('firstEnrolled');
  }
  const milestones: NonNullable<ForecastForResults['milestones']> = {};
  for (const k of keep) if (forecast.milestones?.[k]) milestones[k] = forecast.milestones[k];
  if (forecast.cohorts) {
    const levels = input ? milestoneLevels(input) : {};
    Object.assign(milestones, cohortLastMilestones(forecast.cohorts, prepared, levels));
  }
  // The horizon (and the rest) still applies; the band of the continuous model does not.
  const { enrolledBand: _continuous, ...rest } = forecast;
  return { ...rest, milestones };
}

/** Fills the forecast columns and bands of built result sets whose tables were built on `planLine` (days). */
export function applyForecast(
  sets: ResultSets,
  forecast: ForecastForResults,
  day0Ms: number,
  planLine: PlanLine,
): void {
  const lastDay = tableLastDay(planLine);
  applyPeriodsForecast(
    sets,
    forecast,
    monthlyPeriods(day0Ms, lastDay).endDay,
    weeklyPeriods(day0Ms, lastDay).endDay,
  );
}

function applyPeriodsForecast(
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
    row.horizonMillis = forecast.horizonMillis ?? null;
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
