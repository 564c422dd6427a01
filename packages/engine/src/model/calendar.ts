import { MS_PER_DAY } from '../time';

/** The UTC calendar month (0-11) of day `day` (days since day 0), day 0 being `day0Ms`. */
export function calendarMonthOfDay(day0Ms: number, day: number): number {
  return new Date(day0Ms + Math.floor(day) * MS_PER_DAY).getUTCMonth();
}

/**
 * Days (since day 0) on which a new calendar month starts, from the month containing day 0 up to `horizonDays`:
 * the boundaries where seasonal multipliers change. The first entry is 0.
 */
export function monthBoundaries(day0Ms: number, horizonDays: number): number[] {
  const start = new Date(day0Ms);
  const out = [0];
  let y = start.getUTCFullYear();
  let m = start.getUTCMonth();
  for (;;) {
    m += 1;
    if (m === 12) {
      m = 0;
      y += 1;
    }
    const day = Math.round((Date.UTC(y, m, 1, 12) - day0Ms) / MS_PER_DAY);
    if (day > horizonDays) return out;
    out.push(day);
  }
}

/** Day 0 as ms at noon UTC of the given date's UTC calendar day (dates are stored at noon UTC). */
export function noonUtc(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12);
}
