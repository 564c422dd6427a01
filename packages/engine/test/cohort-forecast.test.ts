import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simulate } from '../src';
import type { CohortRow } from '../src/input/schema-plan';
import { cohortChainForecast } from '../src/scenarios/cohort-forecast';

/** P(Gamma(n, 1) <= x) = P(Poisson(x) >= n), n a whole number (Erlang). */
function erlangCdf(n: number, x: number): number {
  if (x <= 0) return 0;
  let term = Math.exp(-x);
  let sum = term;
  for (let k = 1; k < n; k++) sum += term *= x / k;
  return 1 - sum;
}

/** Smallest whole m with cdf(m) >= q: the level-q quantile of a distribution on the whole numbers. */
function discreteQuantile(cdf: (m: number) => number, q: number): number {
  let m = 0;
  while (cdf(m) < q) m++;
  return m;
}

const row = (over: Partial<CohortRow> & Pick<CohortRow, 'cohortName' | 'patients'>): CohortRow => ({
  predecessorCohortName: null,
  predecessorActivity: null,
  lagDays: 0,
  screeningDurationDays: 10,
  dtlDurationDays: 5,
  srcDurationDays: 5,
  ...over,
});

describe('cohortChainForecast', () => {
  // One group passing 0.5 patients a day from day 0; no rate factors: the only randomness is the arrivals.
  const lambda = 0.5;
  const passing = new Float64Array(400).fill(lambda);
  const cohorts = [
    row({ cohortName: 'A', patients: 30 }),
    row({
      cohortName: 'B',
      patients: 20,
      predecessorCohortName: 'A',
      predecessorActivity: 'SRC',
      lagDays: 7,
      dtlDurationDays: 0,
      srcDurationDays: 0,
    }),
  ];
  const R = 4000;
  const f = cohortChainForecast(
    { cohorts, groupPassing: [passing], firstStartDay: 5 },
    { seed: 11, replications: R, studyRateCv: 0, countryRateCv: 0 },
  );
  const [a, b] = f.rows as [(typeof f.rows)[0], (typeof f.rows)[0]];
  const levels = [0.1, 0.5, 0.9];

  it('cohort A: its enrolling ends floor(T) days after screening, T ~ Gamma(30, rate 0.5) (Erlang)', () => {
    // The walk fills A on the day its offered intensity 0.5 (d + 1) passes a Gamma(30, 1) draw: d = floor(T).
    const floorT = (m: number) => erlangCdf(30, lambda * (m + 1)); // P(floor(T) <= m)
    levels.forEach((q, i) => {
      const exact = 5 + 10 + discreteQuantile(floorT, q);
      expect(Math.abs(a.enrollingEnd.quantiles[i]! - exact)).toBeLessThanOrEqual(1);
    });
    expect(a.start.quantiles).toEqual([5, 5, 5]);
    expect(a.enrollingEnd.probabilityReached).toBe(1);
  });

  it("cohort B starts 7 days after A's SRC end in every replication: its quantiles are A's shifted", () => {
    levels.forEach((_, i) => {
      expect(a.srcEnd.quantiles[i]).toBe(a.enrollingEnd.quantiles[i]! + 10);
      expect(b.start.quantiles[i]).toBe(a.srcEnd.quantiles[i]! + 7);
    });
  });

  it('cohort B enrolls floor(T_A) + floor(T_B) after its fixed offsets, the two Erlang times independent', () => {
    const pA = (i: number) => erlangCdf(30, lambda * (i + 1)) - erlangCdf(30, lambda * i); // P(floor(T_A) = i)
    const cdfB = (j: number) => (j < 0 ? 0 : erlangCdf(20, lambda * (j + 1)));
    const sumCdf = (m: number) => {
      let s = 0;
      for (let i = 0; i <= m; i++) s += pA(i) * cdfB(m - i);
      return s;
    };
    levels.forEach((q, i) => {
      // 5 (first start) + 10 + 5 + 5 (A's phases) + 7 (lag) + 10 (B's screening).
      const exact = 42 + discreteQuantile(sumCdf, q);
      expect(Math.abs(b.enrollingEnd.quantiles[i]! - exact)).toBeLessThanOrEqual(1);
      expect(f.lastEnrolled!.quantiles[i]).toBe(b.enrollingEnd.quantiles[i]);
    });
    // The plan line's B (needs met exactly) is near the median, not at the edge of the band.
    expect(b.enrollingEnd.quantiles[0]!).toBeLessThan(42 + (30 + 20) / lambda);
    expect(b.enrollingEnd.quantiles[2]!).toBeGreaterThan(42 + (30 + 20) / lambda);
  });

  it('a study rate factor widens the band; a network that never fills a cohort reports it not reached', () => {
    const wide = cohortChainForecast(
      { cohorts, groupPassing: [passing], firstStartDay: 5 },
      { seed: 11, replications: 1000, studyRateCv: 0.3, countryRateCv: 0 },
    );
    const spread = (x: { quantiles: (number | null)[] }) => x.quantiles[2]! - x.quantiles[0]!;
    expect(spread(wide.rows[1]!.enrollingEnd)).toBeGreaterThan(spread(b.enrollingEnd));
    const short = cohortChainForecast(
      { cohorts, groupPassing: [new Float64Array(80).fill(lambda)], firstStartDay: 5 },
      { seed: 3, replications: 200, studyRateCv: 0, countryRateCv: 0 },
    );
    expect(short.rows[1]!.enrollingEnd).toEqual({ quantiles: [null, null, null], probabilityReached: 0 });
    expect(short.lastEnrolled!.quantiles).toEqual([null, null, null]);
  });
});

describe('cohort Monte Carlo in a simulation of the cohort example', () => {
  it('fills P10/P50/P90 of every cohort date in the summary and of each phase end on the timeline', () => {
    const raw = JSON.parse(readFileSync(new URL('../examples/cohort.json', import.meta.url), 'utf8'));
    const r = simulate(raw, { seed: 5, replications: 300 });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const sets = r.output.resultSets;
    const cohortRows = sets.summaryTableCohort!.filter((row) => row.cohortName !== 'Overall');
    const ms = (d: string | null) => (d === null ? NaN : Date.parse(d.replace(/\//g, ' ')));
    for (const row of cohortRows) {
      const f = row.forecast!;
      for (const point of [f.start, f.enrollingEnd, f.srcEnd]) {
        expect(point.probabilityReached).toBe(1);
        expect(ms(point.P10)).toBeLessThanOrEqual(ms(point.P50));
        expect(ms(point.P50)).toBeLessThanOrEqual(ms(point.P90));
      }
      // The plan-line enrolling end lies inside the Monte Carlo's P10-P90 band.
      expect(ms(row['Enrolling End'])).toBeGreaterThanOrEqual(ms(f.enrollingEnd.P10));
      expect(ms(row['Enrolling End'])).toBeLessThanOrEqual(ms(f.enrollingEnd.P90));
    }
    // Later cohorts inherit the spread of their predecessors: the last cohort's start is uncertain too.
    const last = cohortRows.at(-1)!.forecast!.start;
    expect(ms(last.P90)).toBeGreaterThan(ms(last.P10));
    for (const bar of sets.cohortTimelineChart!) {
      expect(bar.endP10).toBeLessThanOrEqual(bar.endP50!);
      expect(bar.endP50).toBeLessThanOrEqual(bar.endP90!);
    }
    const lpi = sets.enrollmentTable.find((row) => row.SortName === 'Last Patient In')!;
    expect(lpi.P10).not.toBeNull();
    expect(lpi.P90!).toBeGreaterThanOrEqual(lpi.P50!);
  });
});
