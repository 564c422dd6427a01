import { monthBoundaries } from '../model/calendar';
import { MS_PER_DAY } from '../time';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date as the result tables show it: DD/MMM/YYYY in UTC (spec/1 section 9), e.g. 05/Jan/2026. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}`;
}

/** Day (days since day 0) -> ms at noon UTC. */
export const dayToMs = (day0Ms: number, day: number) => day0Ms + day * MS_PER_DAY;

/** Reporting periods: calendar months or ISO weeks (Monday to Sunday). */
export interface Periods {
  kind: 'MONTH' | 'WEEK';
  /** Period start dates (first of the month / Monday), ms at noon UTC; the first may precede day 0. */
  startMs: number[];
  /** Last day of each period, days since day 0, clipped to the table's last day. */
  endDay: number[];
}

/** Calendar months from the month of day 0 through the month of `lastDay`. */
export function monthlyPeriods(day0Ms: number, lastDay: number): Periods {
  const starts = monthBoundaries(day0Ms, lastDay);
  const first = new Date(day0Ms);
  return {
    kind: 'MONTH',
    startMs: starts.map((_, k) => Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + k, 1, 12)),
    endDay: starts.map((_, k) => Math.min((starts[k + 1] ?? lastDay + 1) - 1, lastDay)),
  };
}

/** ISO weeks from the Monday on or before day 0 through the week of `lastDay`. */
export function weeklyPeriods(day0Ms: number, lastDay: number): Periods {
  const mondayOffset = (new Date(day0Ms).getUTCDay() + 6) % 7;
  const startMs: number[] = [];
  const endDay: number[] = [];
  for (let start = -mondayOffset; start <= lastDay; start += 7) {
    startMs.push(dayToMs(day0Ms, start));
    endDay.push(Math.min(start + 6, lastDay));
  }
  return { kind: 'WEEK', startMs, endDay };
}

/** Cumulative curve values at the end of each period. */
export function sampleAtPeriodEnds(curve: Float64Array, periods: Periods): number[] {
  return periods.endDay.map((d) => (d < 0 ? 0 : (curve[Math.min(d, curve.length - 1)] ?? 0)));
}

/**
 * Rounds cumulative group curves (sampled per period) to integers so that: each group's row stays non-decreasing,
 * the groups' final values add up to the rounded study total (largest remainder), and every group's final value is
 * its own value rounded up or down. Each group gets a rounding threshold: floor(x + theta_g), theta_g = 0.5 unless
 * the apportionment needs the other direction for that group.
 */
export function integerCurves(samples: number[][]): number[][] {
  const finals = samples.map((s) => s[s.length - 1] ?? 0);
  const total = Math.round(finals.reduce((a, b) => a + b, 0));
  const floors = finals.map((f) => Math.floor(f + 1e-9));
  let remaining = total - floors.reduce((a, b) => a + b, 0);
  const order = finals
    .map((f, i) => ({ i, frac: f - floors[i]! }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  const ints = [...floors];
  for (const { i } of order) {
    if (remaining <= 0) break;
    ints[i]! += 1;
    remaining -= 1;
  }
  return samples.map((s, i) => {
    const frac = finals[i]! - floors[i]!;
    const up = ints[i]! > floors[i]!;
    let theta = 0.5;
    if (up && frac < 0.5) theta = Math.min(1 - frac + 1e-9, 0.999999);
    if (!up && frac >= 0.5) theta = Math.max(1 - frac - 1e-9, 0);
    return s.map((x) => Math.max(0, Math.min(Math.floor(x + theta), ints[i]!)));
  });
}

/** Differences of a cumulative row (first period keeps its value). */
export function nonCumulative(row: number[]): number[] {
  return row.map((v, k) => (k === 0 ? v : v - row[k - 1]!));
}
