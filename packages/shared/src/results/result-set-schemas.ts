import { STARTUP_DATE_COLUMNS, STARTUP_DURATION_COLUMNS } from '@predict/engine';

// The start-up table's columns are the engine's (it fills them); the web reads them from here.
export { STARTUP_DATE_COLUMNS, STARTUP_DURATION_COLUMNS };
import { z } from 'zod';
import type { ResultSetName } from './result-set-routes';

/**
 * The shapes of the stored result sets (the engine's types in packages/engine/src/results/types.ts and
 * cohort-types.ts) for the OpenAPI document of the result GET routes. The server answers the stored payload without
 * checking it against these (that would cost time on large sets); the server tests parse real engine output with
 * them so the documentation cannot drift. Objects are strict: a field the engine adds must be documented here.
 */

/** One schema per key, e.g. the ten start-up date columns. */
function columns<K extends string, T extends z.ZodType>(keys: readonly K[], type: T): Record<K, T> {
  return Object.fromEntries(keys.map((k) => [k, type])) as Record<K, T>;
}

const dates = z.array(z.string()).describe('Period start dates, DD/MMM/YYYY');
const datesMs = z.array(z.number()).describe('Period start dates, ms since the epoch (UTC)');
const Period = z.enum(['MONTH', 'WEEK']);
const date = z.string().nullable();

export const ComputedValueSchema = z
  .union([z.number(), z.literal('##')])
  .meta({ id: 'ComputedValue', description: "A rate or duration; '##' when it is not computable" });

export const DetailsBlockSchema = z
  .strictObject({
    header_totals: z.array(z.number()).describe('Per period, the sum of the rows'),
    sub_table_body: z.array(
      z.strictObject({
        country_name: z.string().describe('Site group (country) name; the cohort name in cohort tables'),
        siteGroupId: z.string(),
        data: z.array(z.number()),
      }),
    ),
  })
  .meta({ id: 'DetailsBlock' });

export const DetailsTableSchema = z
  .strictObject({
    period: Period,
    cumulative: z.boolean(),
    header_dates: dates.describe(
      'Period start dates (first of the month or Monday of the ISO week), DD/MMM/YYYY',
    ),
    header_dates_ms: datesMs,
    table_body: z.strictObject({
      active_sites: DetailsBlockSchema,
      screened: DetailsBlockSchema,
      enrolled: DetailsBlockSchema,
      completed: DetailsBlockSchema,
    }),
  })
  .meta({ id: 'DetailsTable', description: 'A details table (monthly or weekly, cumulative or not)' });

export const SummaryRowSchema = z
  .strictObject({
    siteGroupName: z.string().describe("Site group name, or 'Overall'"),
    'Enrollment Start': date.describe('First enrolled of the group, DD/MMM/YYYY'),
    enrollmentStartMillis: z.number().nullable(),
    'Number of Activated Sites': z.number(),
    'Screen Rate': z.number().describe('Patients screened per site per month'),
    'Enrollment Rate': z.number().describe('Patients enrolled per site per month'),
    'Number of Patients Screened': z.number(),
    'Number of Patients Enrolled': z.number(),
    'Number of Patients Completing Treatment': z.number(),
    'Enrollment Duration': ComputedValueSchema.describe(
      'Months from the first to the last enrolled of the group',
    ),
    'Site Months': z.number(),
    'Screen Fail Rate': ComputedValueSchema,
    'Drop Out Rate': ComputedValueSchema,
    'Screen Rate Go Forward': z.number().optional().describe('Remodel plans only'),
    'Enrollment Rate Go Forward': z.number().optional().describe('Remodel plans only'),
  })
  .meta({ id: 'SummaryRow' });

export const StartupRowSchema = z
  .strictObject({
    siteGroupName: z.string(),
    countryIso3: z.string(),
    millis: z.strictObject(columns(STARTUP_DATE_COLUMNS, z.number().nullable())),
    ...columns(STARTUP_DATE_COLUMNS, date),
    ...columns(STARTUP_DURATION_COLUMNS, z.number().nullable()),
  })
  .meta({
    id: 'StartupRow',
    description:
      'Per country: the start-up dates (DD/MMM/YYYY and ms) and the six durations between them (days)',
  });

export const DurationRowSchema = z
  .strictObject({
    siteGroupName: z.string(),
    countryIso3: z.string(),
    'Site ID Duration': z.number(),
    'Submission Duration': z.number(),
    'Regulatory Approval Duration': z.number(),
    'Site Initiation Duration': z.number(),
    'First Patient Screened Duration': z.number(),
    'Total Start-Up Duration': z.number(),
  })
  .meta({ id: 'DurationRow', description: 'Country start-up durations, days' });

export const TimelineRowSchema = z
  .strictObject({
    DurationLabel: z.string(),
    Duration: z.number().nullable().describe('Months; null when an end is not reached'),
    days: z.number().nullable(),
    startMillis: z.number().nullable(),
    endMillis: z.number().nullable(),
  })
  .meta({ id: 'TimelineRow' });

export const EnrollmentRowSchema = z
  .strictObject({
    SortName: z.string(),
    Date: date.describe('Plan-line date, DD/MMM/YYYY'),
    dateMillis: z.number().nullable(),
    'Sites Initiated': z.number().nullable(),
    Screened: z.number().nullable(),
    Enrolled: z.number().nullable(),
    'Completed Treatment': z.number().nullable(),
    'Completed Follow-up': z.number().nullable(),
    P10: z.number().nullable().describe('Forecast quantile date, ms'),
    P50: z.number().nullable(),
    P90: z.number().nullable(),
    levelOfConfidence: z
      .number()
      .nullable()
      .describe("The plan's confidence level (percent) for the milestone"),
    confidenceDateMillis: z.number().nullable(),
    probabilityReached: z.number().nullable(),
    horizonMillis: z
      .number()
      .nullable()
      .optional()
      .describe('Last day the forecast simulated, ms; a null quantile is "not reached by" this date'),
    durationConfidence: z
      .strictObject({
        durationMonths: z.number(),
        targetPercent: z.number(),
        achieved: z.number().describe('P(LPI - FPI <= duration) on an independent seed'),
        standardError: z.number(),
        replications: z.number(),
      })
      .nullable()
      .optional()
      .describe('Scenario B, Last Patient In row: the solved duration confidence as achieved'),
  })
  .meta({ id: 'EnrollmentRow' });

const seriesFields = {
  activeSites: z.array(z.number()),
  screened: z.array(z.number()),
  enrolled: z.array(z.number()),
  cumulativeScreened: z.array(z.number()),
  cumulativeEnrolled: z.array(z.number()),
  cumulativeCompleted: z.array(z.number()),
};
export const ChartSeriesSchema = z
  .strictObject({ key: z.string(), name: z.string(), ...seriesFields })
  .meta({ id: 'ChartSeries', description: 'Per-period values of one site group, region or cohort' });
export const ChartTotalSchema = z.strictObject(seriesFields).meta({ id: 'ChartTotal' });

export const EnrollmentChartSchema = z
  .strictObject({
    period: Period,
    groupBy: z.enum(['siteGroup', 'region']),
    header_dates: dates,
    header_dates_ms: datesMs,
    series: z.array(ChartSeriesSchema),
    total: ChartTotalSchema,
    forecastBand: z
      .strictObject({ p10: z.array(z.number()), p50: z.array(z.number()), p90: z.array(z.number()) })
      .optional()
      .describe('Forecast P10/P50/P90 of cumulative enrolled per period'),
  })
  .meta({ id: 'EnrollmentChart', description: 'Site-group or region chart' });

const CohortForecastDatesSchema = z
  .strictObject({
    P10: date,
    P50: date,
    P90: date,
    probabilityReached: z.number().describe('Share of replications that reach the date'),
  })
  .meta({
    id: 'CohortForecastDates',
    description: 'P10/P50/P90 of a cohort date (DD/MMM/YYYY; null = not reached)',
  });

const CohortRowForecastSchema = z
  .strictObject({
    start: CohortForecastDatesSchema,
    screeningEnd: CohortForecastDatesSchema,
    enrollingEnd: CohortForecastDatesSchema,
    dtlEnd: CohortForecastDatesSchema,
    srcEnd: CohortForecastDatesSchema,
  })
  .meta({
    id: 'CohortRowForecast',
    description:
      "Monte Carlo quantiles of a cohort's start and phase ends (cohort rows, when a forecast ran)",
  });

export const CohortSummaryRowSchema = z
  .strictObject({
    cohortName: z.string().describe("Cohort name, or 'Overall'"),
    'Cohort Start': date,
    'Screening End': date,
    'Enrolling End': date,
    days: z.strictObject({
      start: z.number().nullable(),
      screeningEnd: z.number().nullable(),
      enrollingEnd: z.number().nullable(),
      dtlEnd: z.number().nullable(),
      srcEnd: z.number().nullable(),
    }),
    'Number of Patients Screened': z.number(),
    'Number of Patients Enrolled': z.number(),
    'Number of Patients Completing Treatment': z.number(),
    'Enrollment Duration': ComputedValueSchema,
    'Cohort Duration': ComputedValueSchema,
    forecast: CohortRowForecastSchema.optional(),
  })
  // The two extra phases' end dates are keyed by their names ('DTL End', 'SRC End' unless the plan renames them).
  .catchall(date)
  .meta({
    id: 'CohortSummaryRow',
    description:
      "Per cohort; plus one '<phase name> End' date (DD/MMM/YYYY) for each of the two extra phases",
  });

export const CohortChartSchema = z
  .strictObject({
    period: Period,
    groupBy: z.literal('cohort'),
    header_dates: dates,
    header_dates_ms: datesMs,
    series: z.array(ChartSeriesSchema),
    total: ChartTotalSchema,
  })
  .meta({ id: 'CohortChart', description: 'Cohort chart (monthly): one series per cohort and the total' });

export const CohortTimelineRowSchema = z
  .strictObject({
    cohortName: z.string(),
    milestoneName: z.string().describe('Screening, Enrolling or the name of an extra phase'),
    'Project Start Date': z.string().describe('Day 0, DD/MMM/YYYY'),
    studyDayStart: z.number().describe('Phase start, days since day 0'),
    studyDayDuration: z.number().describe('Phase length, days'),
    endP10: z.number().nullable().optional().describe("Monte Carlo P10 of the phase's end, days since day 0"),
    endP50: z.number().nullable().optional().describe("Monte Carlo P50 of the phase's end, days since day 0"),
    endP90: z.number().nullable().optional().describe("Monte Carlo P90 of the phase's end, days since day 0"),
  })
  .meta({ id: 'CohortTimelineRow' });

/** The documented shape of each result set, by set name. */
export const RESULT_SET_SCHEMAS = {
  detailsMonthlyCumulative: DetailsTableSchema,
  detailsWeeklyCumulative: DetailsTableSchema,
  detailsMonthlyNonCumulative: DetailsTableSchema,
  detailsWeeklyNonCumulative: DetailsTableSchema,
  summaryTable: z.array(SummaryRowSchema).meta({ id: 'SummaryTable' }),
  enrollmentTable: z.array(EnrollmentRowSchema).meta({ id: 'EnrollmentTable' }),
  startupTable: z.array(StartupRowSchema).meta({ id: 'StartupTable' }),
  durationTable: z.array(DurationRowSchema).meta({ id: 'DurationTable' }),
  timelineTable: z.array(TimelineRowSchema).meta({ id: 'TimelineTable' }),
  siteGroupChartMonthly: EnrollmentChartSchema,
  siteGroupChartWeekly: EnrollmentChartSchema,
  regionChartMonthly: EnrollmentChartSchema,
  regionChartWeekly: EnrollmentChartSchema,
  cohortDetailsMonthlyCumulative: DetailsTableSchema,
  cohortDetailsWeeklyCumulative: DetailsTableSchema,
  cohortDetailsMonthlyNonCumulative: DetailsTableSchema,
  cohortDetailsWeeklyNonCumulative: DetailsTableSchema,
  summaryTableCohort: z.array(CohortSummaryRowSchema).meta({ id: 'CohortSummaryTable' }),
  cohortChartMonthly: CohortChartSchema,
  cohortTimelineChart: z.array(CohortTimelineRowSchema).meta({ id: 'CohortTimelineChart' }),
} as const satisfies Record<ResultSetName, z.ZodType>;
