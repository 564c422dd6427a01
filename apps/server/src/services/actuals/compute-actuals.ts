import {
  computePlanLine,
  DAYS_PER_MONTH,
  MS_PER_DAY,
  preparePlan,
  type SimulationInput,
} from '@predict/engine';
import {
  ACTUALS_ROW_TYPES,
  actualsStatusOf,
  type ActualsImpactUnit,
  type ActualsRow,
  type ActualsRowType,
  type ActualsValueKind,
} from '@predict/shared';
import type { ActualSite, ActualsData, ComputeOptions, GroupMonth } from './actuals-data';
import { forecastLpi, type LpiForecast } from './forecast-lpi';

// The inputs' types live apart, so forecast-lpi.ts can use them without importing this module back.
export type { ActualSite, ActualsData, ComputeOptions, GroupMonth, SiteScreening } from './actuals-data';

const dateMs = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const sum = <T>(list: readonly T[], f: (x: T, i: number) => number) =>
  list.reduce((s, x, i) => s + f(x, i), 0);

function row(
  rowtype: ActualsRowType,
  valueKind: ActualsValueKind,
  impactUnit: ActualsImpactUnit,
  planned: string | number | null,
  actuals: string | number | null,
  impact: number | null,
  timestamp: string,
  toolTips: string | null,
): ActualsRow {
  const difference =
    valueKind !== 'date' && typeof planned === 'number' && typeof actuals === 'number'
      ? round(actuals - planned, 4)
      : null;
  const shown = impact === null ? null : round(impact, impactUnit === 'days' ? 0 : 1);
  return {
    rowtype,
    valueKind,
    planned,
    actuals,
    planned_v_Actual_Indicators: shown,
    impactUnit,
    difference,
    status: actualsStatusOf(shown, impactUnit),
    toolTips,
    timestamp,
  };
}

/**
 * The actual first enrolled date (YYYY-MM-DD): the first day of the first month with an enrolled patient, since the
 * extract counts by month; null before any.
 */
export function actualFirstEnrolled(months: readonly GroupMonth[]): string | null {
  const first =
    months
      .filter((m) => m.enrolled > 0)
      .map((m) => m.month)
      .sort()[0] ?? null;
  return first ? first.slice(0, 10) : null;
}

/** Difference as % of planned; 0 when both are 0, null when only planned is 0. */
const percentOf = (planned: number, actual: number) =>
  planned === 0 ? (actual === 0 ? 0 : null) : ((actual - planned) / planned) * 100;

/** What every row of one computation reads: the plan, its plan line and the as-of day D. */
interface ActualsContext {
  prepared: ReturnType<typeof preparePlan>;
  line: ReturnType<typeof computePlanLine>;
  day0: number;
  /** D in days since the plan's day 0. */
  asOfDay: number;
  timestamp: string;
  asOfDate: string;
  /** The plan line's value of a curve at the end of D (0 before day 0). */
  at: (curve: Float64Array) => number;
  dateOf: (day: number | null) => string | null;
}

interface ActualCounts {
  screened: number;
  enrolled: number;
  completed: number;
  dropped: number;
}

function contextOf(input: SimulationInput, asOfMs: number): ActualsContext {
  const prepared = preparePlan(input);
  const line = computePlanLine(prepared);
  const day0 = prepared.day0Ms;
  const asOfDay = Math.round((asOfMs - day0) / MS_PER_DAY);
  const last = line.total.enrolled.length - 1;
  return {
    prepared,
    line,
    day0,
    asOfDay,
    timestamp: new Date(asOfMs).toISOString(),
    asOfDate: isoDay(asOfMs),
    at: (curve) => (asOfDay < 0 ? 0 : curve[Math.min(asOfDay, last)]!),
    dateOf: (day) => (day === null ? null : isoDay(day0 + day * MS_PER_DAY)),
  };
}

/** Enrollment_Start: late by the days from the planned FPI to the actual one, or to D while none enrolled. */
function enrollmentStartRow(c: ActualsContext, months: readonly GroupMonth[]): ActualsRow {
  const plannedFpi = c.line.milestones.firstEnrolled;
  const actualFpi = actualFirstEnrolled(months);
  const fpiImpact =
    plannedFpi === null
      ? null
      : actualFpi !== null
        ? Math.round((dateMs(actualFpi) - (c.day0 + plannedFpi * MS_PER_DAY)) / MS_PER_DAY)
        : c.asOfDay > plannedFpi
          ? c.asOfDay - plannedFpi
          : null;
  return row(
    'Enrollment_Start',
    'date',
    'days',
    c.dateOf(plannedFpi),
    actualFpi,
    fpiImpact,
    c.timestamp,
    `As of ${c.timestamp}`,
  );
}

/** The counts at D: sites activated, patients screened, enrolled and completed. */
function countRows(c: ActualsContext, activatedSites: number, counts: ActualCounts): ActualsRow[] {
  const countRow = (type: ActualsRowType, curve: Float64Array, actual: number, tip: string) => {
    const planned = Math.round(c.at(curve));
    return row(type, 'count', 'percent', planned, actual, percentOf(planned, actual), c.timestamp, tip);
  };
  const total = c.line.total;
  return [
    countRow(
      'Sites_Activated',
      total.activeSites,
      activatedSites,
      'Sites with an activation date on or before the as-of date, Closed ones included.',
    ),
    countRow('Patients_Screened', total.screened, counts.screened, 'Screened by the as-of date.'),
    countRow('Patients_Enrolled', total.enrolled, counts.enrolled, 'Enrolled by the as-of date.'),
    countRow(
      'Patients_Completed_Treatment',
      total.completedTreatment,
      counts.completed,
      'Completed treatment by the as-of date.',
    ),
  ];
}

/** A plan rate averaged over the groups with the given weights; null when they weigh nothing. */
function weightedRate(c: ActualsContext, rate: (i: number) => number, weight: (i: number) => number) {
  const total = sum(c.prepared.groups, (_, i) => weight(i));
  return total > 0 ? sum(c.prepared.groups, (_, i) => rate(i) * weight(i)) / total : null;
}

/** Screen fail and drop-out: the plan's, weighted by each group's plan-line screened / enrolled at the end. */
function rateRows(c: ActualsContext, counts: ActualCounts): ActualsRow[] {
  const end = (curve: Float64Array) => curve[curve.length - 1] ?? 0;
  const groups = c.prepared.groups;
  const plannedSf = weightedRate(
    c,
    (i) => groups[i]!.screenFailRate,
    (i) => end(c.line.groups[i]!.curves.screened),
  );
  const plannedDo = weightedRate(
    c,
    (i) => groups[i]!.dropOutRate,
    (i) => end(c.line.groups[i]!.curves.enrolled),
  );
  const actualSf = counts.screened > 0 ? (counts.screened - counts.enrolled) / counts.screened : null;
  const actualDo = counts.enrolled > 0 ? counts.dropped / counts.enrolled : null;
  const rateRow = (type: ActualsRowType, planned: number | null, actual: number | null, tip: string) =>
    row(
      type,
      'fraction',
      'points',
      planned === null ? null : round(planned, 4),
      actual === null ? null : round(actual, 4),
      planned === null || actual === null ? null : (actual - planned) * 100,
      c.timestamp,
      tip,
    );
  return [
    rateRow(
      'Screen_Fail_Rate',
      plannedSf,
      actualSf,
      '(screened - enrolled) / screened; impact in percentage points.',
    ),
    rateRow('Drop_Out_Rate', plannedDo, actualDo, 'dropped out / enrolled; impact in percentage points.'),
  ];
}

/** Enrollment rate, patients/site/month: the plan's by planned sites; actual per site-month since activation. */
function enrollmentRateRow(
  c: ActualsContext,
  asOfMs: number,
  activated: readonly ActualSite[],
  enrolled: number,
): ActualsRow {
  const groups = c.prepared.groups;
  const plannedRate = weightedRate(
    c,
    (i) => groups[i]!.screenRatePerSiteDay * (1 - groups[i]!.screenFailRate) * DAYS_PER_MONTH,
    (i) => groups[i]!.activationOffsets.length,
  );
  const exposureMonths =
    sum(activated, (s) => (asOfMs - dateMs(s.siteActivatedDate!)) / MS_PER_DAY) / DAYS_PER_MONTH;
  const actualRate = exposureMonths > 0 ? enrolled / exposureMonths : null;
  return row(
    'Enrollment_Rate',
    'patientsPerSiteMonth',
    'percent',
    plannedRate === null ? null : round(plannedRate, 2),
    actualRate === null ? null : round(actualRate, 2),
    plannedRate === null || actualRate === null ? null : percentOf(plannedRate, actualRate),
    c.timestamp,
    `Enrolled / ${round(exposureMonths, 1)} site-months since activation.`,
  );
}

/** Last_Patient_Enrolled: the baseline's LPI against the forecast from the actuals. */
function lastPatientRow(
  c: ActualsContext,
  input: SimulationInput,
  data: ActualsData,
  options: ComputeOptions,
): ActualsRow {
  const plannedLpi = c.line.milestones.lastEnrolled;
  const lpi: LpiForecast | null = forecastLpi(input, data, options);
  const p50 = lpi?.p50 ?? null;
  const tip = lpi
    ? lpi.p10 !== null && lpi.p90 !== null
      ? `Forecast from the actuals (actual rates, actual and planned sites): P10 ${c.dateOf(lpi.p10)}, P50 ${c.dateOf(lpi.p50)}, P90 ${c.dateOf(lpi.p90)}.`
      : `Forecast from the actuals (${lpi.method}).`
    : 'No forecast: the plan line does not reach the last patient.';
  return row(
    'Last_Patient_Enrolled',
    'date',
    'days',
    c.dateOf(plannedLpi),
    c.dateOf(p50),
    plannedLpi === null || p50 === null ? null : p50 - plannedLpi,
    c.timestamp,
    tip,
  );
}

/**
 * The Study Actuals rows (design/actuals.md section 2) at the extract's as-of date D, from the Baseline Plan's
 * validated engine input (the run's input) and the extract. Planned counts are the plan line's expected counts at
 * the end of day D (rounded); rates: the plan's screen-fail and drop-out rates weighted by the plan line's
 * screened / enrolled per group, its enrollment rate (patients/site/month) weighted by planned sites. Actual
 * enrollment rate: enrolled / site-months from each activated site's activation date to D (DAYS_PER_MONTH days a
 * month). The actual first enrolled date is the first day of the first month with an enrolled patient (the extract
 * counts by month). Impact: days late (+) / early (-), % of planned, or points.
 */
export function computeActualsRows(
  input: SimulationInput,
  data: ActualsData,
  options: ComputeOptions,
): ActualsRow[] {
  const c = contextOf(input, data.asOfMs);
  const activated = data.sites.filter(
    (s) => s.siteActivatedDate !== null && s.siteActivatedDate <= c.asOfDate,
  );
  const counts: ActualCounts = {
    screened: sum(data.months, (m) => m.screened),
    enrolled: sum(data.months, (m) => m.enrolled),
    completed: sum(data.months, (m) => m.completedTreatment),
    dropped: sum(data.months, (m) => m.droppedOut),
  };
  const rows = [
    enrollmentStartRow(c, data.months),
    ...countRows(c, activated.length, counts),
    ...rateRows(c, counts),
    enrollmentRateRow(c, data.asOfMs, activated, counts.enrolled),
    lastPatientRow(c, input, data, options),
  ];
  // One row per type, in the table's order.
  return ACTUALS_ROW_TYPES.map((t) => rows.find((r) => r.rowtype === t)!);
}
