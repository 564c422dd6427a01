import {
  isClinicalStrategyRow,
  type SoeCostDetailRow,
  type SoeCostSummaryRow,
  type SoeForecastTable,
  type SoeGrantsRow,
  type SoeStrategyRow,
} from '@predict/shared';

/** A column of a forecast table: shown on the page and written to its export sheet. */
export interface ForecastColumn<T> {
  id: string;
  header: string;
  value: (row: T) => string | number | null;
  /** Numbers the page shows truncated to integers (spec/2 section 2); kits (expected counts) with two decimals. */
  kind: 'text' | 'integer' | 'decimal' | 'kits';
}

/** The contracted site's number, 'Country' for the sites at country costs; blank on SubTotal and Total rows. */
const siteLabel = (r: SoeCostSummaryRow) =>
  r.dataSet !== 'Detail' ? '' : r.siteId === 1 ? 'Country' : (r.siteNumber ?? `Site ${r.siteId}`);

const costColumns: ForecastColumn<SoeCostSummaryRow>[] = [
  { id: 'siteGroupName', header: 'Country', value: (r) => r.siteGroupName, kind: 'text' },
  { id: 'dataSet', header: 'Data Set', value: (r) => r.dataSet, kind: 'text' },
  { id: 'site', header: 'Site', value: siteLabel, kind: 'text' },
  { id: 'siteCount', header: 'Sites', value: (r) => r.siteCount, kind: 'integer' },
  { id: 'subjectCount', header: 'Subjects', value: (r) => r.subjectCount, kind: 'integer' },
  { id: 'visitCount', header: 'Visits', value: (r) => r.visitCount, kind: 'integer' },
  { id: 'assessmentCount', header: 'Assessments', value: (r) => r.assessmentCount, kind: 'integer' },
  { id: 'visitCost', header: 'Visit Cost', value: (r) => r.visitCost, kind: 'integer' },
  { id: 'assessmentCost', header: 'Assessment Cost', value: (r) => r.assessmentCost, kind: 'integer' },
  { id: 'excludeCost', header: 'Exclude Cost', value: (r) => r.excludeCost, kind: 'integer' },
  { id: 'siteCost', header: 'Site Cost', value: (r) => r.siteCost, kind: 'integer' },
  { id: 'totalCost', header: 'Total Cost', value: (r) => r.totalCost, kind: 'integer' },
];

export const summaryColumns = costColumns;
export const detailColumns: ForecastColumn<SoeCostDetailRow>[] = [
  { id: 'monthYear', header: 'Month', value: (r) => r.monthYear, kind: 'text' },
  ...(costColumns as ForecastColumn<SoeCostDetailRow>[]),
];
export const strategyColumns: ForecastColumn<SoeStrategyRow>[] = [
  { id: 'rowLabel', header: 'Row', value: (r) => r.rowLabel, kind: 'text' },
  { id: 'visitName', header: 'Visit Name', value: (r) => r.visitName, kind: 'text' },
  { id: 'visitValue', header: 'Value', value: (r) => r.visitValue, kind: 'decimal' },
];
export const grantsColumns: ForecastColumn<SoeGrantsRow>[] = [
  { id: 'siteGroupName', header: 'Country', value: (r) => r.siteGroupName, kind: 'text' },
  { id: 'numberOfSites', header: 'Number of Sites', value: (r) => r.numberOfSites, kind: 'integer' },
  { id: 'screenFails', header: 'Screen Fails', value: (r) => r.screenFails, kind: 'integer' },
  {
    id: 'completedTreatment',
    header: 'Completed Treatment',
    value: (r) => r.completedTreatment,
    kind: 'integer',
  },
  {
    id: 'dropOutOfTreatment',
    header: 'Drop-out of Treatment',
    value: (r) => r.dropOutOfTreatment,
    kind: 'integer',
  },
  {
    id: 'patientsCompleteFollowUp',
    header: 'Patients Complete Follow-up',
    value: (r) => r.patientsCompleteFollowUp,
    kind: 'integer',
  },
  { id: 'siteFees', header: 'Site Fees', value: (r) => r.siteFees, kind: 'integer' },
  { id: 'totalCost', header: 'Total', value: (r) => r.totalCost, kind: 'integer' },
];

/** The rows of the five tables (undefined while a table has not loaded or cannot be shown). */
export interface ForecastData {
  summary?: SoeCostSummaryRow[];
  detail?: SoeCostDetailRow[];
  strategy?: SoeStrategyRow[];
  grants?: SoeGrantsRow[];
}

/** Each table's rows and columns, in page and export order (spec/2 section 9). */
export function forecastTables(data: ForecastData) {
  const strategy = data.strategy ?? [];
  return {
    'Cost Summary': { columns: summaryColumns, rows: data.summary ?? [] },
    'Cost Detail': { columns: detailColumns, rows: data.detail ?? [] },
    'Clinical Strategy': { columns: strategyColumns, rows: strategy.filter(isClinicalStrategyRow) },
    'Data Management': {
      columns: strategyColumns,
      rows: strategy.filter((r) => !isClinicalStrategyRow(r)),
    },
    'Investigator Grants': { columns: grantsColumns, rows: data.grants ?? [] },
  } satisfies Record<SoeForecastTable, ForecastTableData>;
}

/** One table: columns of one row type and its rows (the five tables' row types differ). */
export interface ForecastTableData {
  // Each table pairs its own row type with its columns; they meet only here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ForecastColumn<any>[];
  rows: readonly unknown[];
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const kits = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A cell as the page shows it: cost-table numbers truncated to integers, with thousands separators. */
export function formatCell(value: string | number | null, kind: ForecastColumn<unknown>['kind']): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  // Math.trunc(-0.4) is -0: shown as 0.
  if (kind === 'integer') return integer.format(Math.trunc(value) || 0);
  return (kind === 'kits' ? kits : decimal).format(value);
}
