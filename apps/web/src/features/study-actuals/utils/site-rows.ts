import { formatDate } from '@/lib/format';
import { CLOSED_SITE_STATUS, SITE_LIST_EXPORT_SHEETS, type SiteRow } from '@predict/shared';

/** The seven shown fields of a site row (spec/3 section 2), in column order. */
export const SITE_FIELDS = [
  'country',
  'centralLocal',
  'siteNumberPi',
  'siteSelectedDate',
  'siteActivatedDate',
  'siteActivationForecastDate',
  'siteStatus',
] as const;

export type SiteField = (typeof SITE_FIELDS)[number];

export const SITE_COLUMNS: readonly { field: SiteField; header: string; date: boolean }[] = [
  { field: 'country', header: 'Country', date: false },
  { field: 'centralLocal', header: 'Central / Local', date: false },
  { field: 'siteNumberPi', header: 'Site Number - PI', date: false },
  { field: 'siteSelectedDate', header: 'Site Selected Date', date: true },
  { field: 'siteActivatedDate', header: 'Site Activated - Actual', date: true },
  { field: 'siteActivationForecastDate', header: 'Site Activated - Forecast', date: true },
  { field: 'siteStatus', header: 'Site Status', date: false },
];

export type SiteTab = 'included' | 'closed' | 'notIncluded';

export const SITE_TABS: readonly { id: SiteTab; label: string; sheet: string }[] = [
  { id: 'included', label: 'Sites Included', sheet: SITE_LIST_EXPORT_SHEETS[0] },
  { id: 'closed', label: 'CLOSED SITES', sheet: SITE_LIST_EXPORT_SHEETS[1] },
  { id: 'notIncluded', label: 'Sites Not Included', sheet: SITE_LIST_EXPORT_SHEETS[2] },
];

export const isBlank = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Rows whose seven fields are all empty are dropped (spec/3 section 4). */
export const dropEmptyRows = (rows: readonly SiteRow[]) =>
  rows.filter((r) => !SITE_FIELDS.every((f) => isBlank(r[f])));

const isClosed = (r: SiteRow) => r.siteStatus?.trim().toLowerCase() === CLOSED_SITE_STATUS.toLowerCase();

/** The three tabs' rows: included sites with status Closed go to the Closed tab. */
export function splitSites(included: readonly SiteRow[], notIncluded: readonly SiteRow[]) {
  const kept = dropEmptyRows(included);
  return {
    included: kept.filter((r) => !isClosed(r)),
    closed: kept.filter(isClosed),
    notIncluded: dropEmptyRows(notIncluded),
  } satisfies Record<SiteTab, SiteRow[]>;
}

/** A cell as the table shows it (dates DD/MMM/YYYY) and as its filter matches it. */
export function cellText(row: SiteRow, field: SiteField): string {
  const column = SITE_COLUMNS.find((c) => c.field === field)!;
  const value = row[field];
  return column.date ? formatDate(value) : (value ?? '');
}

export type SiteFilters = Partial<Record<SiteField, string>>;

export const hasActiveFilters = (filters: SiteFilters) =>
  Object.values(filters).some((v) => v !== undefined && v.trim() !== '');

/** Rows whose shown text contains every filter's text (case-insensitive). */
export function filterSites(rows: readonly SiteRow[], filters: SiteFilters): SiteRow[] {
  const active = Object.entries(filters).filter(([, v]) => v && v.trim() !== '') as [SiteField, string][];
  return rows.filter((r) =>
    active.every(([field, text]) => cellText(r, field).toLowerCase().includes(text.trim().toLowerCase())),
  );
}

/** Two values in ascending order, ignoring case: ISO days and text both order correctly as lower-case strings. */
export const compareSiteValues = (x: unknown, y: unknown) =>
  String(x ?? '')
    .toLowerCase()
    .localeCompare(String(y ?? '').toLowerCase(), 'en');
