import { monthBoundaries } from '../model/calendar';
import { MS_PER_DAY } from '../time';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Calendar months over days 0..lastDay: the first day (since day 0) of each and its label ('Jan 2024'). */
export interface MonthGrid {
  startDays: number[];
  labels: string[];
  lastDay: number;
}

/** The calendar months (UTC) covering days 0..lastDay, day 0 being `day0Ms`. */
export function monthGrid(day0Ms: number, lastDay: number): MonthGrid {
  const startDays = monthBoundaries(day0Ms, lastDay);
  const labels = startDays.map((d) => {
    const date = new Date(day0Ms + d * MS_PER_DAY);
    return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  });
  return { startDays, labels, lastDay };
}

/** Index of the month containing day `day` (clamped to the grid). */
export function monthOfDay(grid: MonthGrid, day: number): number {
  let lo = 0;
  let hi = grid.startDays.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (grid.startDays[mid]! <= day) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Per-month increments of a cumulative daily curve (the last month takes everything up to the curve's end). */
export function perMonth(grid: MonthGrid, cumulative: Float64Array): Float64Array {
  return perMonthOf(grid, cumulative.length, (d) => cumulative[d]!);
}

/** perMonth of a curve of `length` days read on demand: only the month boundaries are read. */
export function perMonthOf(grid: MonthGrid, length: number, valueAt: (day: number) => number): Float64Array {
  const n = grid.startDays.length;
  const out = new Float64Array(n);
  const at = (d: number) => (d < 0 ? 0 : valueAt(Math.min(d, length - 1)));
  // A month ends the day before the next one starts: each boundary is read once.
  let before = n > 0 ? at(grid.startDays[0]! - 1) : 0;
  for (let m = 0; m < n; m++) {
    const end = m + 1 < n ? grid.startDays[m + 1]! - 1 : length - 1;
    const value = at(end);
    out[m] = value - before;
    before = value;
  }
  return out;
}

/** The last day of each month of the grid, each at most `lastDay` (the last month ends on `lastDay`). */
export function monthEndDays(grid: MonthGrid, lastDay: number): Int32Array {
  const months = grid.startDays.length;
  return Int32Array.from({ length: months }, (_, m) =>
    Math.min(m + 1 < months ? grid.startDays[m + 1]! - 1 : lastDay, lastDay),
  );
}
