import type { Computed } from '@predict/shared';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { DISPLAY_DATE_FORMAT } from '@/lib/format-date';

dayjs.extend(utc);

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A patient count as the charts show it: grouped thousands, no decimals (1,234). */
export const formatCount = (value: number) => integer.format(value);

/** A rate with 2 decimals (0.80). */
export const formatRate = (value: number) => decimal.format(value);

/** A fraction of the summary table (0.31) as a percentage with 2 decimals (31.00%); '##' stays as it is. */
export const formatPercent = (value: Computed) => (value === '##' ? '##' : `${decimal.format(value * 100)}%`);

/** The calendar day `days` after a DD/MMM/YYYY day 0, as DD/MMM/YYYY (UTC); empty when day 0 is not a date. */
export function addDaysToDisplayDate(day0: string, days: number): string {
  const start = parseDisplayDate(day0);
  return start ? start.add(days, 'day').format(DISPLAY_DATE_FORMAT) : '';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// dayjs parses custom formats only with its customParseFormat plugin; the engine's dates are always DD/MMM/YYYY
// in English, so reading them by hand keeps that plugin out of the bundle.
function parseDisplayDate(value: string) {
  const match = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4})$/.exec(value);
  const month = match ? MONTHS.indexOf(match[2] ?? '') : -1;
  if (!match || month < 0) return null;
  return dayjs.utc(Date.UTC(Number(match[3]), month, Number(match[1])));
}

/** Escapes text placed into ECharts' HTML tooltips (site group and cohort names are user data). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
