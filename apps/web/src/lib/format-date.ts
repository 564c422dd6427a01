import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export const DISPLAY_DATE_FORMAT = 'DD/MMM/YYYY';

/** Shows an ISO timestamp or date as DD/MMM/YYYY in UTC (05/Mar/2026); empty for missing or invalid values. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs.utc(value);
  return date.isValid() ? date.format(DISPLAY_DATE_FORMAT) : '';
}
