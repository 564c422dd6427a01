import type { Computed } from '@predict/shared';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const EMPTY = '—';

/** A timestamp as DD/MMM/YYYY on its UTC day (spec/1 section 9); '—' when missing. */
export function formatDateMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return EMPTY;
  const d = new Date(ms);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}`;
}

/** A count as a whole number with thousands separators. */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return EMPTY;
  return Math.round(n).toLocaleString('en-US');
}

/** A measure with a fixed number of decimals; '##' (not computable) is shown as it is. */
export function formatDecimal(value: Computed | null | undefined, digits: number): string {
  if (value === '##') return '##';
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A probability as a whole percentage. */
export function formatPercent(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return EMPTY;
  return `${Math.round(p * 100)}%`;
}
