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
