/** Actuals enumerations and limits (design/actuals.md sections 1-3, spec/3 sections 3, 4 and 9). */

/** The Study Actuals table's rows, in display order (design/actuals.md section 2); underscores show as spaces. */
export const ACTUALS_ROW_TYPES = [
  'Enrollment_Start',
  'Sites_Activated',
  'Patients_Screened',
  'Patients_Enrolled',
  'Patients_Completed_Treatment',
  'Screen_Fail_Rate',
  'Drop_Out_Rate',
  'Enrollment_Rate',
  'Last_Patient_Enrolled',
] as const;
export type ActualsRowType = (typeof ACTUALS_ROW_TYPES)[number];

/** How a row's planned and actual values read: a date (YYYY-MM-DD), a count, a rate as a fraction 0..1, or patients/site/month. */
export const ACTUALS_VALUE_KINDS = ['date', 'count', 'fraction', 'patientsPerSiteMonth'] as const;
export type ActualsValueKind = (typeof ACTUALS_VALUE_KINDS)[number];

/** The unit of a row's impact: days late (+) or early (-), % of planned, or percentage points. */
export const ACTUALS_IMPACT_UNITS = ['days', 'percent', 'points'] as const;
export type ActualsImpactUnit = (typeof ACTUALS_IMPACT_UNITS)[number];

/** The status colours of spec/1 section 9. */
export const ACTUALS_STATUSES = ['green', 'amber', 'red'] as const;
export type ActualsStatus = (typeof ACTUALS_STATUSES)[number];

/**
 * Colour thresholds (design/actuals.md section 2), one list: |impact| <= green is green, <= amber is amber, else red.
 * Percent for counts and the enrollment rate, days for date rows, percentage points for screen-fail / drop-out rates.
 */
export const ACTUALS_COLOUR_THRESHOLDS: readonly { unit: ActualsImpactUnit; green: number; amber: number }[] =
  [
    { unit: 'percent', green: 10, amber: 25 },
    { unit: 'days', green: 14, amber: 45 },
    { unit: 'points', green: 2, amber: 5 },
  ];

/** REMODEL and VIEW SITE LIST need the as-of timestamp to be at least this old (spec/3 sections 4 and 9). */
export const ACTUALS_GATE_HOURS = 24;

/** Where an extract came from (design/actuals.md section 1). */
export const CTMS_EXTRACT_SOURCES = ['upload', 'api', 'demo'] as const;
export type CtmsExtractSource = (typeof CTMS_EXTRACT_SOURCES)[number];

/** Central / Local: which IRB a US site uses; it picks the 'USA - Central' or 'USA - Local' site group. */
export const CENTRAL_LOCAL_VALUES = ['Central', 'Local'] as const;
export type CentralLocal = (typeof CENTRAL_LOCAL_VALUES)[number];

/** CTMS site statuses (design/actuals.md section 1: examples; the extract may carry others). Only Closed has a rule. */
export const CTMS_SITE_STATUSES = [
  'Selected',
  'Start-up',
  'Activated',
  'Enrolling',
  'On Hold',
  'Closed',
  'Dropped',
] as const;
/** Sites with this status go to the CLOSED SITES tab (spec/3 section 4). */
export const CLOSED_SITE_STATUS = 'Closed';

/** Limits of one extract (a 400-site, 36-month study is 14,400 site months; this leaves room). */
export const CTMS_MAX_SITES = 5_000;
export const CTMS_MAX_SITE_MONTHS = 200_000;
export const CTMS_TEXT_MAX = 200;

/** The xlsx template's sheets and columns (the README documents them; the template asset is generated from these). */
export const CTMS_SITES_SHEET = 'Sites';
export const CTMS_SITE_MONTHS_SHEET = 'Site Months';
export const CTMS_SITES_COLUMNS = [
  { key: 'siteNumber', header: 'Site Number' },
  { key: 'piName', header: 'PI Name' },
  { key: 'countryIso3', header: 'Country ISO3' },
  { key: 'centralLocal', header: 'Central / Local' },
  { key: 'siteSelectedDate', header: 'Site Selected Date' },
  { key: 'siteActivatedDate', header: 'Site Activated Date' },
  { key: 'siteActivationForecastDate', header: 'Site Activation Forecast Date' },
  { key: 'siteStatus', header: 'Site Status' },
  { key: 'contractStatus', header: 'Contract Status' },
  { key: 'currency', header: 'Currency' },
] as const;
export const CTMS_SITE_MONTHS_COLUMNS = [
  { key: 'siteNumber', header: 'Site Number' },
  { key: 'month', header: 'Month' },
  { key: 'screened', header: 'Screened' },
  { key: 'enrolled', header: 'Enrolled' },
  { key: 'completedTreatment', header: 'Completed Treatment' },
  { key: 'droppedOut', header: 'Dropped Out' },
  { key: 'completedFollowUp', header: 'Completed Follow-up' },
] as const;
/** Where the template is served (a static asset of the web app). */
export const CTMS_TEMPLATE_PATH = '/templates/ctms-extract-template.xlsx';

/** Site list export sheets (spec/3 section 2), in tab order. */
export const SITE_LIST_EXPORT_SHEETS = [
  'Sites Included in Remodel',
  'Closed Sites in Remodel',
  'Sites Not Included in Remodel',
] as const;
