/** Builders shared by the portfolio tests: hand-made completed studies and forecasts given as 99 percentiles. */
import { logGamma } from '../src/analytic/special-functions';
import { monthBoundaries } from '../src/model/calendar';
import type { PreparedGroup } from '../src/model/prepared-plan';
import type { CompletedSite, CompletedStudy } from '../src/portfolio';
import { makeGroup } from './forecast-fixtures';

/** 2025-01-01 at noon UTC. */
export const DAY0 = Date.UTC(2025, 0, 1, 12);

/** Percentiles P1..P99 from a function of the level index i = 1..99. */
export const percentiles = (f: (i: number) => number): number[] =>
  Array.from({ length: 99 }, (_, k) => f(k + 1));

/** A one-group completed study with the given sites (day 0 = DAY0, calendar months up to dataEndDay). */
export function oneGroupStudy(
  group: Partial<PreparedGroup>,
  sites: Omit<CompletedSite, 'group'>[],
  dataEndDay: number,
  id = 'hand',
): CompletedStudy {
  return {
    id,
    plan: { day0Ms: DAY0, groups: [makeGroup({ key: 'g0', ...group })] },
    monthStartDays: monthBoundaries(DAY0, dataEndDay),
    dataEndDay,
    sites: sites.map((s) => ({ group: 'g0', ...s })),
  };
}

/** n copies of a study with distinct ids (the fit needs at least 8). */
export const copies = (study: CompletedStudy, n: number): CompletedStudy[] =>
  Array.from({ length: n }, (_, i) => ({ ...study, id: `${study.id}-${i}` }));

/**
 * The exact log marginal likelihood of one site's monthly counts by brute force: the site factor u ~ Gamma(alpha,
 * alpha) integrated in closed form, the stop time tau = activation + Exp(h) on a fine grid of `step` days, the
 * exposure summed day by day (`perDay(d)`: the expected count of day d at x = u = 1, counted from day a + delay).
 */
export function bruteSiteLogLik(
  counts: readonly number[],
  monthStarts: readonly number[],
  perDay: (d: number) => number,
  a: number,
  end: number,
  alpha: number,
  h: number,
  x: number,
  step = 0.1,
): number {
  const months = counts.length;
  const K = counts.reduce((s, k) => s + k, 0);
  // Cumulative exposure at whole days (C[d] = exposure of days before d) and each month's first day.
  const C = [0];
  for (let d = 0; d <= end; d++) C.push(C[d]! + (d >= a ? perDay(d) : 0));
  const cum = (t: number) => {
    const d = Math.min(end + 1, Math.floor(t));
    return d > end ? C[end + 1]! : C[d]! + (t - d) * (C[d + 1]! - C[d]!);
  };
  // Exposure per month accrued by time t (the partial day pro rata).
  const exposureBy = (t: number) =>
    counts.map((_, m) => {
      const from = monthStarts[m]!;
      const to = m + 1 < months ? monthStarts[m + 1]! : end + 1;
      return Math.max(0, cum(Math.min(t, to)) - cum(from));
    });
  const logNb = (E: number[]) => {
    const G = E.reduce((s, e) => s + e, 0);
    let v = -counts.reduce((s, k) => s + logGamma(k + 1), 0);
    for (let m = 0; m < months; m++) if (counts[m]! > 0) v += counts[m]! * Math.log(x * E[m]!);
    if (alpha === Infinity) return v - x * G;
    return (
      v +
      logGamma(alpha + K) -
      logGamma(alpha) +
      alpha * Math.log(alpha) -
      (alpha + K) * Math.log(alpha + x * G)
    );
  };
  const life = end + 1 - a;
  const terms: number[] = [-h * life + logNb(exposureBy(end + 1))];
  if (h > 0)
    for (let t = step / 2; t < life; t += step) {
      const v = logNb(exposureBy(a + t));
      if (Number.isFinite(v)) terms.push(Math.log(h * step) - h * t + v);
    }
  const max = Math.max(...terms);
  return max + Math.log(terms.reduce((s, v) => s + Math.exp(v - max), 0));
}
