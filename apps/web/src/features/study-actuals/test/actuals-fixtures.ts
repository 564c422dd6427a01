import type { ActualsResponse, ActualsRow, SiteRow } from '@predict/shared';

const HOUR = 3_600_000;

/** An ISO timestamp `hours` before now. */
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

/** The nine rows of design/actuals.md section 2 with hand-picked values, stamped `timestamp`. */
export function actualsRows(timestamp = hoursAgo(48)): ActualsRow[] {
  const row = (
    r: Omit<ActualsRow, 'timestamp' | 'difference'> & { difference?: number | null },
  ): ActualsRow => ({
    difference: null,
    ...r,
    timestamp,
  });
  return [
    row({
      rowtype: 'Enrollment_Start',
      valueKind: 'date',
      planned: '2026-03-05',
      actuals: '2026-03-19',
      planned_v_Actual_Indicators: 14,
      impactUnit: 'days',
      status: 'green',
      toolTips: `Actuals as of ${timestamp}`,
    }),
    row({
      rowtype: 'Sites_Activated',
      valueKind: 'count',
      planned: 40,
      actuals: 32,
      planned_v_Actual_Indicators: -20,
      impactUnit: 'percent',
      status: 'amber',
      toolTips: '32 of 40 planned sites are active.',
    }),
    row({
      rowtype: 'Patients_Screened',
      valueKind: 'count',
      planned: 1200,
      actuals: 1250,
      planned_v_Actual_Indicators: 4.2,
      impactUnit: 'percent',
      status: 'green',
      toolTips: null,
    }),
    row({
      rowtype: 'Patients_Enrolled',
      valueKind: 'count',
      planned: 200,
      actuals: 120,
      planned_v_Actual_Indicators: -40,
      impactUnit: 'percent',
      status: 'red',
      toolTips: null,
    }),
    row({
      rowtype: 'Screen_Fail_Rate',
      valueKind: 'fraction',
      planned: 0.3,
      actuals: 0.325,
      planned_v_Actual_Indicators: 2.5,
      impactUnit: 'points',
      status: 'amber',
      toolTips: null,
    }),
    row({
      rowtype: 'Enrollment_Rate',
      valueKind: 'patientsPerSiteMonth',
      planned: 0.5,
      actuals: 0.456,
      planned_v_Actual_Indicators: -8.8,
      impactUnit: 'percent',
      status: 'green',
      toolTips: null,
    }),
    row({
      rowtype: 'Last_Patient_Enrolled',
      valueKind: 'date',
      planned: '2027-01-10',
      actuals: null,
      planned_v_Actual_Indicators: null,
      impactUnit: 'days',
      status: null,
      toolTips: 'P10 01/Jan/2027 - P90 01/Mar/2027',
    }),
  ];
}

export function actualsResponse(overrides: Partial<ActualsResponse> = {}): ActualsResponse {
  return {
    studyId: 7,
    state: 'ready',
    baselinePlan: { studyPlanId: 1, studyPlanName: 'Base plan' },
    extract: {
      extractId: 3,
      studyId: 7,
      version: 2,
      asOf: '2026-03-01T00:00:00.000Z',
      loadedBy: 'pat.planner',
      loadedAt: '2026-03-01T01:00:00.000Z',
      source: 'upload',
      siteCount: 3,
      siteMonthCount: 10,
    },
    rows: actualsRows(),
    ...overrides,
  } as ActualsResponse;
}

export function site(n: number, overrides: Partial<SiteRow> = {}): SiteRow {
  return {
    projectId: 'P-007',
    siteNumber: String(1000 + n),
    piName: `Dr ${n}`,
    siteNumberPi: `${1000 + n} - Dr ${n}`,
    country: n % 2 === 0 ? 'Germany' : 'France',
    countryIso3: n % 2 === 0 ? 'DEU' : 'FRA',
    centralLocal: null,
    siteGroupName: n % 2 === 0 ? 'Germany' : 'France',
    siteSelectedDate: '2026-01-05',
    siteActivatedDate: `2026-02-${String(n).padStart(2, '0')}`,
    siteActivationForecastDate: null,
    siteStatus: 'Enrolling',
    ...overrides,
  };
}

/** A row whose seven shown fields are all empty (dropped by the dialog). */
export const emptySite = (): SiteRow => ({
  ...site(99),
  country: null,
  centralLocal: null,
  siteNumberPi: '',
  siteSelectedDate: null,
  siteActivatedDate: null,
  siteActivationForecastDate: null,
  siteStatus: null,
});
