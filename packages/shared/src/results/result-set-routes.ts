/**
 * The stored result sets of a simulation run and the GET routes of spec/1 section 7 that answer them (13 for a plan
 * without sequential cohorts, 20 with). The set names are the engine's ResultSets keys; the types are the engine's
 * (re-exported here so the web needs no engine dependency).
 */
export type {
  ChartSeries,
  CohortChart,
  CohortResultSets,
  CohortSummaryRow,
  CohortTimelineRow,
  Computed,
  DetailsBlock,
  DetailsTable,
  DurationRow,
  EnrollmentChart,
  EnrollmentRow,
  ResultSets,
  StartupRow,
  SummaryRow,
  TimelineRow,
} from '@predict/engine';

/** The 13 sets of every run, in the order the simulation screen loads them. */
export const ORDINARY_RESULT_SETS = [
  'detailsMonthlyCumulative',
  'detailsWeeklyCumulative',
  'detailsMonthlyNonCumulative',
  'detailsWeeklyNonCumulative',
  'summaryTable',
  'enrollmentTable',
  'startupTable',
  'durationTable',
  'timelineTable',
  'siteGroupChartMonthly',
  'siteGroupChartWeekly',
  'regionChartMonthly',
  'regionChartWeekly',
] as const;

/** The 7 more sets of a sequential cohort plan. */
export const COHORT_RESULT_SETS = [
  'cohortDetailsMonthlyCumulative',
  'cohortDetailsWeeklyCumulative',
  'cohortDetailsMonthlyNonCumulative',
  'cohortDetailsWeeklyNonCumulative',
  'summaryTableCohort',
  'cohortChartMonthly',
  'cohortTimelineChart',
] as const;

export type ResultSetName = (typeof ORDINARY_RESULT_SETS)[number] | (typeof COHORT_RESULT_SETS)[number];

/** The sets of a combination plan: the 13 ordinary ones and its Timeline Overview (one row per member plan). */
export const COMBINATION_RESULT_SETS = [
  ...ORDINARY_RESULT_SETS,
  'cohortTimelineChart',
] as const satisfies readonly ResultSetName[];

/**
 * The GET path (under /ctpo) of each set, as spec/1 section 7 names them. Aliases the spec also lists (charts
 * 'month'/'week' lower case, cohortcharts 'WEEK') answer the same set; see RESULT_SET_PATH_ALIASES.
 */
export const RESULT_SET_PATHS: Readonly<Record<ResultSetName, string>> = {
  detailsMonthlyCumulative: '/ctpo/results/Monthly (Cumulative)/plan/{planId}',
  detailsWeeklyCumulative: '/ctpo/results/Weekly (Cumulative)/plan/{planId}',
  detailsMonthlyNonCumulative: '/ctpo/results/Monthly (Non-Cumulative)/plan/{planId}',
  detailsWeeklyNonCumulative: '/ctpo/results/Weekly (Non-Cumulative)/plan/{planId}',
  summaryTable: '/ctpo/results/summary/plan/{planId}',
  enrollmentTable: '/ctpo/results/enrollment/plan/{planId}',
  startupTable: '/ctpo/results/startup/plan/{planId}',
  durationTable: '/ctpo/results/duration/plan/{planId}',
  timelineTable: '/ctpo/results/timeline/plan/{planId}',
  siteGroupChartMonthly: '/ctpo/charts/MONTH/plan/{planId}',
  siteGroupChartWeekly: '/ctpo/charts/WEEK/plan/{planId}',
  regionChartMonthly: '/ctpo/regioncharts/MONTH/plan/{planId}',
  regionChartWeekly: '/ctpo/regioncharts/WEEK/plan/{planId}',
  cohortDetailsMonthlyCumulative: '/ctpo/cohort/Monthly (Cumulative)/plan/{planId}',
  cohortDetailsWeeklyCumulative: '/ctpo/cohort/Weekly (Cumulative)/plan/{planId}',
  cohortDetailsMonthlyNonCumulative: '/ctpo/cohort/Monthly (Non-Cumulative)/plan/{planId}',
  cohortDetailsWeeklyNonCumulative: '/ctpo/cohort/Weekly (Non-Cumulative)/plan/{planId}',
  summaryTableCohort: '/ctpo/cohort/summary/plan/{planId}',
  cohortChartMonthly: '/ctpo/cohortcharts/MONTH/plan/{planId}',
  cohortTimelineChart: '/ctpo/cohortcharts/timeline/plan/{planId}',
};

/** Other spellings of the spec that answer the same set. */
export const RESULT_SET_PATH_ALIASES: Readonly<Record<string, ResultSetName>> = {
  '/ctpo/charts/month/plan/{planId}': 'siteGroupChartMonthly',
  '/ctpo/charts/week/plan/{planId}': 'siteGroupChartWeekly',
  // The engine builds the cohort chart by month only; WEEK answers the monthly chart rather than 404.
  '/ctpo/cohortcharts/WEEK/plan/{planId}': 'cohortChartMonthly',
};

/** The URL of a set for a plan (path segments encoded, e.g. 'Monthly (Cumulative)'). */
export function resultSetUrl(name: ResultSetName, planId: number): string {
  return RESULT_SET_PATHS[name]
    .split('/')
    .map((seg) => (seg === '{planId}' ? String(planId) : encodeURIComponent(seg)))
    .join('/');
}
