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
import type { ActualsData, ComputeOptions, GroupMonth } from './actuals-data';
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
  const prepared = preparePlan(input);
  const line = computePlanLine(prepared);
  const day0 = prepared.day0Ms;
  const asOfDay = Math.round((data.asOfMs - day0) / MS_PER_DAY);
  const last = line.total.enrolled.length - 1;
  const at = (curve: Float64Array) => (asOfDay < 0 ? 0 : curve[Math.min(asOfDay, last)]!);
  const dateOf = (day: number | null) => (day === null ? null : isoDay(day0 + day * MS_PER_DAY));
  const timestamp = new Date(data.asOfMs).toISOString();
  const asOfDate = isoDay(data.asOfMs);

  // Enrollment_Start
  const plannedFpi = line.milestones.firstEnrolled;
  const actualFpi = actualFirstEnrolled(data.months);
  const fpiImpact =
    plannedFpi === null
      ? null
      : actualFpi !== null
        ? Math.round((dateMs(actualFpi) - (day0 + plannedFpi * MS_PER_DAY)) / MS_PER_DAY)
        : asOfDay > plannedFpi
          ? asOfDay - plannedFpi
          : null;
  const rows: ActualsRow[] = [
    row(
      'Enrollment_Start',
      'date',
      'days',
      dateOf(plannedFpi),
      actualFpi,
      fpiImpact,
      timestamp,
      `As of ${timestamp}`,
    ),
  ];

  // Counts at D.
  const activated = data.sites.filter((s) => s.siteActivatedDate !== null && s.siteActivatedDate <= asOfDate);
  const counts = {
    screened: sum(data.months, (m) => m.screened),
    enrolled: sum(data.months, (m) => m.enrolled),
    completed: sum(data.months, (m) => m.completedTreatment),
    dropped: sum(data.months, (m) => m.droppedOut),
  };
  const countRow = (type: ActualsRowType, curve: Float64Array, actual: number, tip: string) => {
    const planned = Math.round(at(curve));
    return row(type, 'count', 'percent', planned, actual, percentOf(planned, actual), timestamp, tip);
  };
  rows.push(
    countRow(
      'Sites_Activated',
      line.total.activeSites,
      activated.length,
      'Sites with an activation date on or before the as-of date, Closed ones included.',
    ),
    countRow('Patients_Screened', line.total.screened, counts.screened, 'Screened by the as-of date.'),
    countRow('Patients_Enrolled', line.total.enrolled, counts.enrolled, 'Enrolled by the as-of date.'),
    countRow(
      'Patients_Completed_Treatment',
      line.total.completedTreatment,
      counts.completed,
      'Completed treatment by the as-of date.',
    ),
  );

  // Rates: the plan's, weighted by each group's plan-line screened / enrolled at the end of the plan.
  const end = (c: Float64Array) => c[c.length - 1] ?? 0;
  const weighted = (rate: (i: number) => number, weight: (i: number) => number) => {
    const total = sum(prepared.groups, (_, i) => weight(i));
    return total > 0 ? sum(prepared.groups, (_, i) => rate(i) * weight(i)) / total : null;
  };
  const plannedSf = weighted(
    (i) => prepared.groups[i]!.screenFailRate,
    (i) => end(line.groups[i]!.curves.screened),
  );
  const plannedDo = weighted(
    (i) => prepared.groups[i]!.dropOutRate,
    (i) => end(line.groups[i]!.curves.enrolled),
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
      timestamp,
      tip,
    );
  rows.push(
    rateRow(
      'Screen_Fail_Rate',
      plannedSf,
      actualSf,
      '(screened - enrolled) / screened; impact in percentage points.',
    ),
    rateRow('Drop_Out_Rate', plannedDo, actualDo, 'dropped out / enrolled; impact in percentage points.'),
  );

  // Enrollment rate, patients/site/month.
  const plannedRate = weighted(
    (i) =>
      prepared.groups[i]!.screenRatePerSiteDay * (1 - prepared.groups[i]!.screenFailRate) * DAYS_PER_MONTH,
    (i) => prepared.groups[i]!.activationOffsets.length,
  );
  const exposureMonths =
    sum(activated, (s) => (data.asOfMs - dateMs(s.siteActivatedDate!)) / MS_PER_DAY) / DAYS_PER_MONTH;
  const actualRate = exposureMonths > 0 ? counts.enrolled / exposureMonths : null;
  rows.push(
    row(
      'Enrollment_Rate',
      'patientsPerSiteMonth',
      'percent',
      plannedRate === null ? null : round(plannedRate, 2),
      actualRate === null ? null : round(actualRate, 2),
      plannedRate === null || actualRate === null ? null : percentOf(plannedRate, actualRate),
      timestamp,
      `Enrolled / ${round(exposureMonths, 1)} site-months since activation.`,
    ),
  );

  // Last_Patient_Enrolled: the baseline's LPI against the forecast from the actuals.
  const plannedLpi = line.milestones.lastEnrolled;
  const lpi: LpiForecast | null = forecastLpi(input, data, options);
  const p50 = lpi?.p50 ?? null;
  const tip = lpi
    ? lpi.p10 !== null && lpi.p90 !== null
      ? `Forecast from the actuals (actual rates, actual and planned sites): P10 ${dateOf(lpi.p10)}, P50 ${dateOf(lpi.p50)}, P90 ${dateOf(lpi.p90)}.`
      : `Forecast from the actuals (${lpi.method}).`
    : 'No forecast: the plan line does not reach the last patient.';
  rows.push(
    row(
      'Last_Patient_Enrolled',
      'date',
      'days',
      dateOf(plannedLpi),
      dateOf(p50),
      plannedLpi === null || p50 === null ? null : p50 - plannedLpi,
      timestamp,
      tip,
    ),
  );
  // One row per type, in the table's order.
  return ACTUALS_ROW_TYPES.map((t) => rows.find((r) => r.rowtype === t)!);
}
