import {
  STARTUP_DATE_COLUMNS,
  STARTUP_DURATION_COLUMNS,
  type CohortSummaryRow,
  type DurationRow,
  type EnrollmentRow,
  type StartupRow,
  type SummaryRow,
  type TimelineRow,
} from '@predict/shared';
import { EMPTY, formatCount, formatDate, formatDecimal, formatPercent, parseDateMillis } from '@/lib/format';

/**
 * The columns of the result tables, written once for the screen and the export: each gives its raw value and how
 * it is shown (spec/1 section 9: dates DD/MMM/YYYY in UTC, enrollment duration 1 decimal, rates 2 decimals, '##'
 * as it is, counts as integers).
 */
export type CellKind = 'text' | 'date' | 'count' | 'decimal1' | 'decimal2';
export type RawCell = string | number | null;

export interface ResultColumn<R> {
  header: string;
  kind: CellKind;
  /** Text, a timestamp in ms (date), a number, '##' or null. */
  value: (row: R) => RawCell;
}

const col = <R>(header: string, kind: CellKind, value: (row: R) => RawCell): ResultColumn<R> => ({
  header,
  kind,
  value,
});

export function displayCell(kind: CellKind, value: RawCell): string {
  if (value === null) return EMPTY;
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'date':
      return formatDate(value, EMPTY);
    case 'count':
      return formatCount(value);
    case 'decimal1':
      return formatDecimal(value, 1);
    case 'decimal2':
      return formatDecimal(value, 2);
    default:
      return String(value);
  }
}

export const REMODEL_TYPE_DETAILS = ['Remodel (R)', 'Remodel (D)'];
export const isRemodelPlan = (plan: { studyPlanTypeDetail: string }) =>
  REMODEL_TYPE_DETAILS.includes(plan.studyPlanTypeDetail);

/** The summary table; the go-forward rates only for Remodel (R) and Remodel (D) plans (spec/1 section 2). */
export function summaryColumns(remodel: boolean): ResultColumn<SummaryRow>[] {
  return [
    col('Site Group', 'text', (r) => r.siteGroupName),
    col('Enrollment Start', 'date', (r) => r.enrollmentStartMillis),
    col('Number of Activated Sites', 'count', (r) => r['Number of Activated Sites']),
    col('Screen Rate', 'decimal2', (r) => r['Screen Rate']),
    col('Enrollment Rate', 'decimal2', (r) => r['Enrollment Rate']),
    ...(remodel
      ? [
          col<SummaryRow>('Screen Rate Go Forward', 'decimal2', (r) => r['Screen Rate Go Forward'] ?? null),
          col<SummaryRow>(
            'Enrollment Rate Go Forward',
            'decimal2',
            (r) => r['Enrollment Rate Go Forward'] ?? null,
          ),
        ]
      : []),
    col('Number of Patients Screened', 'count', (r) => r['Number of Patients Screened']),
    col('Number of Patients Enrolled', 'count', (r) => r['Number of Patients Enrolled']),
    col(
      'Number of Patients Completing Treatment',
      'count',
      (r) => r['Number of Patients Completing Treatment'],
    ),
    col('Enrollment Duration (months)', 'decimal1', (r) => r['Enrollment Duration']),
    col('Site Months', 'decimal1', (r) => r['Site Months']),
    col('Screen Fail Rate', 'decimal2', (r) => r['Screen Fail Rate']),
    col('Drop Out Rate', 'decimal2', (r) => r['Drop Out Rate']),
  ];
}

/** The phase end columns of the cohort summary in their order ('DTL End', 'SRC End' unless renamed). */
function cohortPhaseEnds(rows: readonly CohortSummaryRow[]): `${string} End`[] {
  const first = rows[0];
  if (!first) return [];
  return Object.keys(first).filter(
    (k): k is `${string} End` => k.endsWith(' End') && k !== 'Screening End' && k !== 'Enrolling End',
  );
}

export function cohortSummaryColumns(rows: readonly CohortSummaryRow[]): ResultColumn<CohortSummaryRow>[] {
  const date = (key: `${string} End` | 'Cohort Start') =>
    col<CohortSummaryRow>(key, 'date', (r) => parseDateMillis(r[key]));
  return [
    col('Cohort', 'text', (r) => r.cohortName),
    date('Cohort Start'),
    date('Screening End'),
    date('Enrolling End'),
    ...cohortPhaseEnds(rows).map(date),
    col('Number of Patients Screened', 'count', (r) => r['Number of Patients Screened']),
    col('Number of Patients Enrolled', 'count', (r) => r['Number of Patients Enrolled']),
    col(
      'Number of Patients Completing Treatment',
      'count',
      (r) => r['Number of Patients Completing Treatment'],
    ),
    col('Enrollment Duration (months)', 'decimal1', (r) => r['Enrollment Duration']),
    col('Cohort Duration (months)', 'decimal1', (r) => r['Cohort Duration']),
  ];
}

/** Country start-up milestones: the ten dates, then the six spans between them in days. */
export const startupColumns: ResultColumn<StartupRow>[] = [
  col('Country', 'text', (r) => r.siteGroupName),
  ...STARTUP_DATE_COLUMNS.map((k) => col<StartupRow>(k, 'date', (r) => r.millis[k])),
  ...STARTUP_DURATION_COLUMNS.map((k) => col<StartupRow>(`${k} (days)`, 'count', (r) => r[k])),
];

/**
 * A forecast quantile date; one the forecast did not reach (fewer replications than the level reach the milestone
 * within the horizon) reads "not reached by {horizon}" with the probability of reaching it.
 */
export function quantileCell(row: EnrollmentRow, value: number | null): RawCell {
  if (value !== null || row.horizonMillis == null || row.probabilityReached == null) return value;
  return `not reached by ${formatDate(row.horizonMillis)} (${formatPercent(row.probabilityReached)} reach it)`;
}

/** Scenario B's solved duration with the confidence it achieved (Last Patient In row), or null for other plans. */
export function durationConfidenceLine(rows: readonly EnrollmentRow[]): string | null {
  const c = rows.find((r) => r.durationConfidence)?.durationConfidence;
  if (!c) return null;
  return (
    `FPI to LPI within ${formatDecimal(c.durationMonths, 0)} months: ${formatPercent(c.achieved, 1)} ` +
    `± ${formatPercent(c.standardError, 1)} confidence at the solved rates (target ${c.targetPercent}%, ` +
    `${formatCount(c.replications)} independent replications).`
  );
}

/** Enrollment milestones: the plan-line date and counts, then the forecast's P10 / P50 / P90 dates. */
export const enrollmentColumns: ResultColumn<EnrollmentRow>[] = [
  col('Milestone', 'text', (r) => r.SortName),
  col('Date', 'date', (r) => r.dateMillis),
  col('Sites Initiated', 'count', (r) => r['Sites Initiated']),
  col('Screened', 'count', (r) => r.Screened),
  col('Enrolled', 'count', (r) => r.Enrolled),
  col('Completed Treatment', 'count', (r) => r['Completed Treatment']),
  col('Completed Follow-up', 'count', (r) => r['Completed Follow-up']),
  col('P10', 'date', (r) => quantileCell(r, r.P10)),
  col('P50', 'date', (r) => quantileCell(r, r.P50)),
  col('P90', 'date', (r) => quantileCell(r, r.P90)),
];

export const timelineColumns: ResultColumn<TimelineRow>[] = [
  col('Duration', 'text', (r) => r.DurationLabel),
  col('Months', 'decimal2', (r) => r.Duration),
  col('Days', 'count', (r) => r.days),
  col('Start', 'date', (r) => r.startMillis),
  col('End', 'date', (r) => r.endMillis),
];

const DURATION_KEYS = [
  'Site ID Duration',
  'Submission Duration',
  'Regulatory Approval Duration',
  'Site Initiation Duration',
  'First Patient Screened Duration',
  'Total Start-Up Duration',
] as const;

/** Country start-up durations, days. */
export const durationColumns: ResultColumn<DurationRow>[] = [
  col('Country', 'text', (r) => r.siteGroupName),
  col('ISO3', 'text', (r) => r.countryIso3),
  ...DURATION_KEYS.map((k) => col<DurationRow>(`${k} (days)`, 'count', (r) => r[k])),
];
