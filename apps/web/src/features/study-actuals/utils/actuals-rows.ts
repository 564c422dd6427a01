import type { ActualsImpactUnit, ActualsRow, ActualsStatus, ActualsValueKind } from '@predict/shared';
import { formatCount, formatDate, formatDecimal, formatPercent } from '@/lib/format';

/** The placeholder of an empty date on the actuals screen (spec/3 section 2). */
export const DATE_PLACEHOLDER = 'DD/MMM/YYYY';

/** The one row that never shows its tooltip icon (spec/3 section 2). */
const NO_TOOLTIP_ROW = 'Enrollment_Start';

/** A row type as the table shows it: underscores as spaces (Patients_Screened -> Patients Screened). */
export const rowLabel = (rowtype: string) => rowtype.replace(/_/g, ' ');

/** Whether the row shows a tooltip icon: it has tooltip text and is not the Enrollment_Start row. */
export const showsTooltip = (row: Pick<ActualsRow, 'rowtype' | 'toolTips'>) =>
  row.rowtype !== NO_TOOLTIP_ROW && typeof row.toolTips === 'string' && row.toolTips.trim() !== '';

/**
 * A planned or actual value as shown: dates as DD/MMM/YYYY (the placeholder when missing), counts whole, the
 * screen-fail and drop-out rates as percentages and the enrollment rate with 2 decimals (spec/3 section 9).
 */
export function displayValue(kind: ActualsValueKind, value: string | number | null): string {
  if (kind === 'date') return formatDate(value, DATE_PLACEHOLDER);
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || !Number.isFinite(n)) return '';
  if (kind === 'count') return formatCount(n);
  if (kind === 'fraction') return formatPercent(n, 2);
  return formatDecimal(n, 2);
}

const signed = (text: string, n: number) => (n > 0 ? `+${text}` : text);

/** The impact in its unit with its sign: days late (+) or early (-), % of planned, or percentage points. */
export function displayImpact(value: number | null, unit: ActualsImpactUnit): string {
  if (value === null || !Number.isFinite(value)) return '';
  if (unit === 'days') {
    const days = Math.round(value);
    return `${signed(formatCount(days), days)} ${Math.abs(days) === 1 ? 'day' : 'days'}`;
  }
  if (unit === 'percent') return `${signed(formatDecimal(value, 1), value)}%`;
  return `${signed(formatDecimal(value, 2), value)} pts`;
}

/** The impact colours of spec/1 section 9 as theme palette keys. */
export const STATUS_PALETTE: Record<ActualsStatus, 'success' | 'warning' | 'error'> = {
  green: 'success',
  amber: 'warning',
  red: 'error',
};

export const STATUS_LABEL: Record<ActualsStatus, string> = {
  green: 'on track',
  amber: 'at risk',
  red: 'off track',
};
