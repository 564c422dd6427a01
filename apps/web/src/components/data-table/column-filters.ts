import type { FilterFn, RowData } from '@tanstack/react-table';
import { parseDate } from '@/lib/format';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * The four kinds of column filter the app's tables use. A select's first option (value '') reads All and means
 * no filter; a multiple select has no such option (nothing chosen means no filter).
 */
export type ColumnFilterSpec =
  | { kind: 'text'; maxLength?: number }
  | { kind: 'select'; options: readonly SelectOption[]; multiple?: false }
  | { kind: 'select'; options: readonly SelectOption[]; multiple: true }
  | { kind: 'dateRange' }
  | { kind: 'numberRange' };

export type ColumnFilterKind = ColumnFilterSpec['kind'];

/** A date range filter's value: ISO days (YYYY-MM-DD), '' for an open end; both ends included. */
export interface DateRangeValue {
  from: string;
  to: string;
}

/** A number range filter's value as typed; '' for an open end; both ends included. */
export interface NumberRangeValue {
  min: string;
  max: string;
}

declare module '@tanstack/react-table' {
  // Merging with TanStack's interface needs its exact type parameters, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's filter control (and, on client-side tables, its filter rule). */
    filter?: ColumnFilterSpec;
    /** Long text (descriptions) wraps; other cells stay on one line. */
    wrap?: boolean;
    /** The least width of a wrapping column, px, so that it is not squeezed to one word a line. */
    minWidth?: number;
  }
}

/** Whether a filter value filters anything: '' text, All, no choice and open ranges do not. */
export function isActiveFilter(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value).some((v) => v !== '');
  return true;
}

/** Case-insensitive "contains", ignoring surrounding blanks in the filter text. */
const containsText: FilterFn<RowData> = (row, columnId, value: string) =>
  String(row.getValue(columnId) ?? '')
    .toLowerCase()
    .includes(value.trim().toLowerCase());

const equalsOption: FilterFn<RowData> = (row, columnId, value: string | string[]) => {
  const cell = String(row.getValue(columnId) ?? '');
  return Array.isArray(value) ? value.length === 0 || value.includes(cell) : cell === value;
};

/** The UTC day (YYYY-MM-DD) of a cell holding a timestamp in ms, an ISO timestamp or a shown date. */
function cellDay(value: unknown): string | null {
  if (typeof value === 'number')
    return Number.isFinite(value) ? new Date(value).toISOString().slice(0, 10) : null;
  if (typeof value !== 'string' || value === '') return null;
  const iso = /^\d{4}-\d{2}-\d{2}/.exec(value);
  if (iso && value.length > 10) return new Date(value).toISOString().slice(0, 10);
  return iso ? iso[0] : parseDate(value);
}

// ISO days compare correctly as text.
const inDateRange: FilterFn<RowData> = (row, columnId, value: DateRangeValue) => {
  const day = cellDay(row.getValue(columnId));
  if (day === null) return false;
  return (value.from === '' || day >= value.from) && (value.to === '' || day <= value.to);
};

const toNumber = (text: string) => (text.trim() === '' ? null : Number(text));

const inNumberRange: FilterFn<RowData> = (row, columnId, value: NumberRangeValue) => {
  const cell = row.getValue(columnId);
  if (typeof cell !== 'number' || !Number.isFinite(cell)) return false;
  const min = toNumber(value.min);
  const max = toNumber(value.max);
  return (
    (min === null || Number.isNaN(min) || cell >= min) && (max === null || Number.isNaN(max) || cell <= max)
  );
};

/** The client-side rule of each filter kind; a column may bring its own `filterFn` instead. */
export const FILTER_FNS: Record<ColumnFilterKind, FilterFn<RowData>> = {
  text: containsText,
  select: equalsOption,
  dateRange: inDateRange,
  numberRange: inNumberRange,
};
for (const fn of Object.values(FILTER_FNS)) fn.autoRemove = (value: unknown) => !isActiveFilter(value);
