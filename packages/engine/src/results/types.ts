/** Result sets of a run (spec/1 section 3, simulation model section 9). Dates: DD/MMM/YYYY. */

export interface DetailsBlock {
  /** Per period, the sum of the rows. */
  header_totals: number[];
  sub_table_body: { country_name: string; siteGroupId: string; data: number[] }[];
}

export interface DetailsTable {
  period: 'MONTH' | 'WEEK';
  cumulative: boolean;
  /** Period start dates (first of the month, or the Monday of the ISO week). */
  header_dates: string[];
  header_dates_ms: number[];
  table_body: {
    active_sites: DetailsBlock;
    screened: DetailsBlock;
    enrolled: DetailsBlock;
    completed: DetailsBlock;
  };
}

/** '##' when a rate is not computable (nothing to divide by). */
export type Computed = number | '##';

export interface SummaryRow {
  /** Site group name, or 'Overall'. */
  siteGroupName: string;
  /** First enrolled (FPI) of the group. */
  'Enrollment Start': string | null;
  enrollmentStartMillis: number | null;
  'Number of Activated Sites': number;
  /** Patients screened per site per month (2 decimals). */
  'Screen Rate': number;
  /** Patients enrolled per site per month (2 decimals). */
  'Enrollment Rate': number;
  'Number of Patients Screened': number;
  'Number of Patients Enrolled': number;
  'Number of Patients Completing Treatment': number;
  /** Months (days / 30.42), 1 decimal, FPI to last enrolled of the group; '##' when not reached. */
  'Enrollment Duration': Computed;
  /** Site-months of screening exposure, 1 decimal. */
  'Site Months': number;
  /** 1 - enrolled / screened, 2 decimals. */
  'Screen Fail Rate': Computed;
  /** 1 - completing treatment / enrolled, 2 decimals. */
  'Drop Out Rate': Computed;
  /** Remodel plans only (not yet produced). */
  'Screen Rate Go Forward'?: number;
  'Enrollment Rate Go Forward'?: number;
}

export const STARTUP_DATE_COLUMNS = [
  'Project Start Date',
  'Protocol Final Date',
  'Site ID Finish',
  'Regulatory Submission',
  'First Regulatory Approval',
  'First Site Initiated',
  'Last Site Initiated',
  'First Screened',
  'First Enrolled',
  'Last Enrolled',
] as const;
export type StartupDateColumn = (typeof STARTUP_DATE_COLUMNS)[number];

export const STARTUP_DURATION_COLUMNS = [
  'Project Start to Site ID Finish',
  'Site ID Finish to Regulatory Submission',
  'Regulatory Submission to First Regulatory Approval',
  'First Regulatory Approval to First Site Initiated',
  'First Site Initiated to First Enrolled',
  'First Enrolled to Last Enrolled',
] as const;
export type StartupDurationColumn = (typeof STARTUP_DURATION_COLUMNS)[number];

/** Per country: the start-up dates and six durations between them (days; null when a date is missing). */
export type StartupRow = {
  siteGroupName: string;
  countryIso3: string;
  millis: Record<StartupDateColumn, number | null>;
} & Record<StartupDateColumn, string | null> &
  Record<StartupDurationColumn, number | null>;

/** Country start-up durations, days. */
export interface DurationRow {
  siteGroupName: string;
  countryIso3: string;
  'Site ID Duration': number;
  'Submission Duration': number;
  'Regulatory Approval Duration': number;
  'Site Initiation Duration': number;
  'First Patient Screened Duration': number;
  'Total Start-Up Duration': number;
}

export interface TimelineRow {
  DurationLabel: string;
  /** Months (days / 30.42), 2 decimals; null when an end is not reached. */
  Duration: number | null;
  days: number | null;
  startMillis: number | null;
  endMillis: number | null;
}

export interface EnrollmentRow {
  SortName: string;
  /** Plan-line date. */
  Date: string | null;
  dateMillis: number | null;
  'Sites Initiated': number | null;
  Screened: number | null;
  Enrolled: number | null;
  'Completed Treatment': number | null;
  'Completed Follow-up': number | null;
  /** Forecast quantile dates (ms), null until the forecast fills them. */
  P10: number | null;
  P50: number | null;
  P90: number | null;
  /** Forecast: the quantile level (percent) the plan asks for this milestone, and its date. */
  levelOfConfidence: number | null;
  confidenceDateMillis: number | null;
  /** Forecast: probability of reaching the milestone within the horizon. */
  probabilityReached: number | null;
  /** Forecast: its last simulated day (ms); a null quantile reads "not reached by" this date. */
  horizonMillis: number | null;
  /** Scenario B, on the Last Patient In row: the solved enrollment duration's confidence as achieved. */
  durationConfidence?: DurationConfidence | null;
}

/** Scenario B's answer checked: P(LPI - FPI <= duration) at the solved rates, on an independent seed. */
export interface DurationConfidence {
  /** The plan's overall enrollment duration, months. */
  durationMonths: number;
  /** The confidence the plan asks for, percent. */
  targetPercent: number;
  /** The achieved probability (share of the check's replications that fit) and its binomial standard error. */
  achieved: number;
  standardError: number;
  replications: number;
}

export interface ChartSeries {
  key: string;
  name: string;
  activeSites: number[];
  screened: number[];
  enrolled: number[];
  cumulativeScreened: number[];
  cumulativeEnrolled: number[];
  cumulativeCompleted: number[];
}

/** Site-group or region chart: per-period series and the study total with the forecast band (when run). */
export interface EnrollmentChart {
  period: 'MONTH' | 'WEEK';
  groupBy: 'siteGroup' | 'region';
  header_dates: string[];
  header_dates_ms: number[];
  series: ChartSeries[];
  total: Omit<ChartSeries, 'key' | 'name'>;
  /** Forecast P10/P50/P90 of cumulative enrolled per period; absent until the forecast runs. */
  forecastBand?: { p10: number[]; p50: number[]; p90: number[] };
}
