import type { ChartSeries, Computed, DetailsTable } from './types';

/** Per cohort: its schedule and its patients (spec/1 section 3, summaryTableCohort by cohortName). */
export interface CohortSummaryRow {
  /** Cohort name, or 'Overall'. */
  cohortName: string;
  'Cohort Start': string | null;
  'Screening End': string | null;
  'Enrolling End': string | null;
  /**
   * End dates of the two extra phases, keyed by their names + ' End' ('DTL End' and 'SRC End' unless
   * `plan.cohortPhaseNames` renames them; see `cohortPhaseLabels`), in that order after 'Enrolling End'.
   */
  [phaseEnd: `${string} End`]: string | null;
  /** Days since day 0 of the start and of each phase end (null when not reached). */
  days: {
    start: number | null;
    screeningEnd: number | null;
    enrollingEnd: number | null;
    dtlEnd: number | null;
    srcEnd: number | null;
  };
  'Number of Patients Screened': number;
  'Number of Patients Enrolled': number;
  'Number of Patients Completing Treatment': number;
  /** Months (days / 30.42), 1 decimal: cohort start to enrolling end; '##' when not reached. */
  'Enrollment Duration': Computed;
  /** Months, 1 decimal: cohort start to SRC end; '##' when not reached. */
  'Cohort Duration': Computed;
  /**
   * Monte Carlo quantiles of the cohort's start and phase ends (cohort rows only, when a forecast ran; the
   * Overall row has none): each date's P10/P50/P90 and the probability of reaching it.
   */
  forecast?: CohortRowForecast;
}

/** P10/P50/P90 of one cohort date (DD/MMM/YYYY; null = not reached within the horizon). */
export interface CohortForecastDates {
  P10: string | null;
  P50: string | null;
  P90: string | null;
  /** Share of replications that reach the date. */
  probabilityReached: number;
}

/** The Monte Carlo dates of one cohort (phase ends in phase order; DTL and SRC under their codes). */
export interface CohortRowForecast {
  start: CohortForecastDates;
  screeningEnd: CohortForecastDates;
  enrollingEnd: CohortForecastDates;
  dtlEnd: CohortForecastDates;
  srcEnd: CohortForecastDates;
}

/** Cohort chart (monthly): one series per cohort, and the total. */
export interface CohortChart {
  period: 'MONTH' | 'WEEK';
  groupBy: 'cohort';
  header_dates: string[];
  header_dates_ms: number[];
  series: ChartSeries[];
  total: Omit<ChartSeries, 'key' | 'name'>;
}

/** One phase of one cohort for the cohort timeline (Gantt) chart. */
export interface CohortTimelineRow {
  cohortName: string;
  /** Screening, Enrolling, or the names of the two extra phases (DTL and SRC by default). */
  milestoneName: string;
  /** Day 0 (the CRO project start) as DD/MMM/YYYY. */
  'Project Start Date': string;
  /** Phase start, days since day 0. */
  studyDayStart: number;
  /** Phase length, days. */
  studyDayDuration: number;
  /**
   * Monte Carlo P10 / P50 / P90 of the phase's end, days since day 0 (sequential cohort plans, when a forecast
   * ran; null = not reached within the horizon).
   */
  endP10?: number | null;
  endP50?: number | null;
  endP90?: number | null;
}

/** The 7 cohort result sets (simulation model section 9). Details rows are per cohort (country_name = cohort). */
export interface CohortResultSets {
  cohortDetailsMonthlyCumulative: DetailsTable;
  cohortDetailsMonthlyNonCumulative: DetailsTable;
  cohortDetailsWeeklyCumulative: DetailsTable;
  cohortDetailsWeeklyNonCumulative: DetailsTable;
  summaryTableCohort: CohortSummaryRow[];
  cohortChartMonthly: CohortChart;
  cohortTimelineChart: CohortTimelineRow[];
}
