import { DAYS_PER_MONTH_DISPLAY, SEASONAL_MONTH_NAMES, type Computed } from '@predict/shared';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * The app's one place for showing dates and numbers (spec/1 section 9): timestamps and result dates read
 * DD/MMM/YYYY in UTC (05/Mar/2026); plan dates and date inputs read DD-MMM-YYYY (05-Mar-2026); numbers use
 * en-US grouping. Each function takes what it is missing as an argument where screens differ ('' or '—').
 */

/** What a result or plan cell shows when there is no value. */
export const EMPTY = '—';
/** Timestamps and result-set dates (spec/1 section 9). */
export const DATE_FORMAT = 'DD/MMM/YYYY';
/** Plan dates and every date input (spec/1 section 9: plan dates DD-Mon-YYYY). */
export const PLAN_DATE_FORMAT = 'DD-MMM-YYYY';
/** Calendar days as forms, filters and the API carry them. */
export const ISO_DAY_FORMAT = 'YYYY-MM-DD';

/** Month labels, January first: the shared list the spec's seasonal rules use. */
export const MONTH_LABELS = SEASONAL_MONTH_NAMES;

/** A timestamp in ms, an ISO timestamp or an ISO day. */
export type DateValue = string | number | null | undefined;

function utcDay(value: DateValue) {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const date = dayjs.utc(value);
  return date.isValid() ? date : null;
}

/** A timestamp or day as DD/MMM/YYYY on its UTC day (05/Mar/2026); `empty` when missing or invalid. */
export function formatDate(value: DateValue, empty = ''): string {
  return utcDay(value)?.format(DATE_FORMAT) ?? empty;
}

/** A timestamp as DD/MMM/YYYY HH:mm:ss in UTC (05/Mar/2026 14:03:09); `empty` when missing or invalid. */
export function formatDateTime(value: DateValue, empty = ''): string {
  return utcDay(value)?.format(`${DATE_FORMAT} HH:mm:ss`) ?? empty;
}

/** A plan date (stored millis at noon UTC, or an ISO day) as DD-MMM-YYYY (05-Mar-2026); `empty` when missing. */
export function formatPlanDate(value: DateValue, empty = EMPTY): string {
  return utcDay(value)?.format(PLAN_DATE_FORMAT) ?? empty;
}

/** A Date as the user's local calendar day, YYYY-MM-DD (file names carry the day the user sees). */
export const formatLocalIsoDay = (date: Date) => dayjs(date).format(ISO_DAY_FORMAT);

/** An ISO day (YYYY-MM-DD) when `year`, 1-based `month` and `day` make a real date; null otherwise. */
function isoDay(year: number, month: number, day: number): string | null {
  const date = dayjs.utc(Date.UTC(year, month - 1, day));
  const real = date.year() === year && date.month() === month - 1 && date.date() === day;
  return real && year >= 1000 ? date.format(ISO_DAY_FORMAT) : null;
}

// dayjs reads custom formats only with its customParseFormat plugin; the app's day formats are few and fixed.
const DAY_MONTH_YEAR = /^(\d{1,2})[-/ ]([A-Za-z]{3})[-/ ](\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The ISO day (YYYY-MM-DD) of a typed or shown date: DD-MMM-YYYY as the app shows it (also with '/' or spaces,
 * a one-digit day or any letter case: 4 jan 2027), or an ISO day as pasted; null when it is not a real date.
 */
export function parseDate(text: string): string | null {
  const trimmed = text.trim();
  const iso = ISO_DAY.exec(trimmed);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dmy = DAY_MONTH_YEAR.exec(trimmed);
  if (!dmy) return null;
  const month = MONTH_LABELS.findIndex((m) => m.toLowerCase() === dmy[2]!.toLowerCase());
  return month < 0 ? null : isoDay(Number(dmy[3]), month + 1, Number(dmy[1]));
}

/** The UTC timestamp (ms, at noon like the engine's dates) of a shown date; null when it is not one. */
export function parseDateMillis(text: string | null | undefined): number | null {
  const day = text ? parseDate(text) : null;
  return day === null ? null : dayjs.utc(day).hour(12).valueOf();
}

/** The day `days` after a shown date (DD/MMM/YYYY), shown the same way; empty when it is not a date. */
export function addDaysToDate(shown: string, days: number): string {
  const day = parseDate(shown);
  return day ? dayjs.utc(day).add(days, 'day').format(DATE_FORMAT) : '';
}

const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
const grouped = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const INTEGER = grouped(0);
const DECIMALS = [0, 1, 2, 3, 4].map(grouped);
const withDigits = (value: number, digits: number) => (DECIMALS[digits] ?? grouped(digits)).format(value);

/** A count as a whole number with thousands separators (1,234); '—' when missing. */
export function formatCount(n: number | null | undefined): string {
  return isNumber(n) ? INTEGER.format(Math.round(n)) : EMPTY;
}

/** A number with a fixed number of decimals and thousands separators; '##' (not computable) stays as it is. */
export function formatDecimal(value: Computed | null | undefined, digits: number): string {
  if (value === '##') return '##';
  return isNumber(value) ? withDigits(value, digits) : EMPTY;
}

/** A fraction (0.31) as a percentage with `digits` decimals (31% or 31.00%); '##' stays as it is. */
export function formatPercent(fraction: Computed | null | undefined, digits = 0): string {
  if (fraction === '##') return '##';
  return isNumber(fraction) ? `${withDigits(fraction * 100, digits)}%` : EMPTY;
}

/** Days as months: days / 30.42 with 2 decimals (spec/1 section 9: start-up time frames). */
export const formatDaysAsMonths = (days: number) => (days / DAYS_PER_MONTH_DISPLAY).toFixed(2);
