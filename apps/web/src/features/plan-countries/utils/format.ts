import { SEASONAL_MONTH_NAMES, DAYS_PER_MONTH_DISPLAY } from '@predict/shared';
import { millisToDay } from '@/features/plan-editor/utils/plan-form-model';

export const MONTH_LABELS = SEASONAL_MONTH_NAMES;

/** Plan dates read DD-Mon-YYYY on their UTC day (spec/1 section 9); '—' when there is none. */
export function formatPlanDate(millis: number | null | undefined): string {
  const day = millisToDay(millis);
  if (!day) return '—';
  const [y, m, d] = day.split('-');
  return `${d}-${MONTH_LABELS[Number(m) - 1]}-${y}`;
}

/** Start-up days as months: days / 30.42 with 2 decimals (spec/1 section 9). */
export const daysAsMonths = (days: number) => (days / DAYS_PER_MONTH_DISPLAY).toFixed(2);
