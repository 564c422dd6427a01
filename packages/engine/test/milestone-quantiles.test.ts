/**
 * Every enrollment milestone row carries forecast quantiles (issue 13, item 12): First Patient Last Visit included,
 * and LPI / LPC / LPLV of Rates and Duration plans within the horizon; a quantile beyond the horizon is null with
 * the probability of reaching the milestone and the horizon date, checked against a closed form.
 */
import { describe, expect, it } from 'vitest';
import { loadExample } from '../examples';
import { runReplications, summarizeForecast } from '../src/forecast';
import { DEFAULT_UNCERTAINTY } from '../src/model/prepared-plan';
import { simulate } from '../src/pipeline';
import { forecastForResults } from '../src/results/from-forecast';
import { makeGroup, makePlan } from './forecast-fixtures';

const DAY_MS = 86_400_000;

function enrollmentRows(name: 'w1' | 'scenario-b') {
  const result = simulate(loadExample(name), { replications: 300, seed: 7, siteSearch: false });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.output.resultSets!.enrollmentTable;
}

describe('milestone quantiles', () => {
  it.each(['w1', 'scenario-b'] as const)(
    'fill P10/P50/P90 of every milestone row, FPLV included (%s)',
    (name) => {
      const rows = enrollmentRows(name);
      expect(rows.map((r) => r.SortName)).toContain('First Patient Last Visit');
      for (const row of rows) {
        expect([row.SortName, row.P10, row.P50, row.P90].includes(null), row.SortName).toBe(false);
        expect(row.P10!).toBeLessThanOrEqual(row.P50!);
        expect(row.P50!).toBeLessThanOrEqual(row.P90!);
        expect(row.probabilityReached).toBeGreaterThanOrEqual(0.9);
        expect(row.horizonMillis).toBeGreaterThan(row.P90!);
      }
      // FPLV is FPI + treatment + follow-up in every replication, so its quantiles are FPI's shifted.
      const fpi = rows.find((r) => r.SortName === 'First Patient In')!;
      const fplv = rows.find((r) => r.SortName === 'First Patient Last Visit')!;
      const shift = fplv.dateMillis! - fpi.dateMillis!;
      expect(fplv.P50! - fpi.P50!).toBe(shift);
      expect(fplv.P90! - fpi.P90!).toBe(shift);
      // A Duration plan states its solved duration's confidence as achieved on an independent seed.
      const lpi = rows.find((r) => r.SortName === 'Last Patient In')!;
      if (name === 'w1') expect(lpi.durationConfidence ?? null).toBeNull();
      else {
        const c = lpi.durationConfidence!;
        expect(c).toMatchObject({ targetPercent: 80, replications: 10_000 });
        expect(Math.abs(c.achieved - 0.8)).toBeLessThan(4 * Math.SQRT2 * c.standardError);
      }
    },
    30_000,
  );

  it('gives the plan line an LPI when the enrolled target rounds up from zero (the forecast always reaches it)', () => {
    // 1 screened at 60% screen failure yields 0.4 patients: the target is one patient, and screening it takes
    // 1 / 0.4 = 2.5 screened on the plan line, so the screened target grows to 3 instead of stopping at 1.
    const raw = loadExample('w1') as { plan: Record<string, unknown> & { targets: Record<string, unknown> } };
    raw.plan.targets.SUBJECTS_TO_SCREEN = { lowerBound: 1, upperBound: 1 };
    raw.plan.screenFailRate = 0.6;
    const result = simulate(raw, { replications: 100, seed: 1 });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const lpi = result.output.resultSets!.enrollmentTable.find((r) => r.SortName === 'Last Patient In')!;
    expect(lpi.dateMillis).not.toBeNull();
    expect(lpi.Enrolled).toBe(1);
    expect(lpi.probabilityReached).toBe(1);
  });

  it('reports a quantile beyond the horizon as not reached, with the closed-form probability of reaching it', () => {
    // One site open from day 0, Poisson screening at rate lambda, no screen failure and no uncertainty: the one
    // patient's FPI (= LPI) is Exp(lambda), reached within the horizon (times < H + 1) with probability
    // 1 - exp(-lambda (H + 1)) = 1 - 1/4 = 0.75 for lambda = ln 4 / (H + 1); FPLV = FPI + F with F = (H + 1) / 4
    // is reached with probability 1 - 4^(-3/4) = 0.6464. P50 of LPI is the Exp median ln 2 / lambda = (H + 1) / 2.
    const H = 799;
    const lambda = Math.log(4) / (H + 1);
    const plan = makePlan({
      horizonDays: H,
      groups: [makeGroup({ screenRatePerSiteDay: lambda })],
      targetScreened: 1,
      targetEnrolled: 1,
      followUpDays: (H + 1) / 4,
      uncertainty: {
        ...DEFAULT_UNCERTAINTY,
        studyRateCv: 0,
        startupCv: 0,
        siteRateCv: 0,
        countryRateCv: 0,
        siteInactivationPerYear: 0,
      },
    });
    const R = 4000;
    const forecast = summarizeForecast(runReplications(plan, { seed: 3, from: 0, to: R }));
    const se = (p: number) => Math.sqrt((p * (1 - p)) / R);
    const lpi = forecast.milestones.lpi;
    expect(Math.abs(lpi.probabilityReached - 0.75)).toBeLessThan(4 * se(0.75));
    const fplv = forecast.milestones.fplv;
    const pFplv = 1 - 4 ** -0.75;
    expect(Math.abs(fplv.probabilityReached - pFplv)).toBeLessThan(4 * se(pFplv));

    const shown = forecastForResults(forecast, plan.day0Ms);
    const lastIn = shown.milestones!.lastEnrolled!;
    expect(lastIn.p90).toBeNull(); // 90% > 75% reached
    expect(lastIn.probabilityReached).toBe(lpi.probabilityReached);
    // P50 day: (H + 1) / 2 = 400 within the median's Monte Carlo error (density at the median: lambda / 2).
    const p50Day = (lastIn.p50! - plan.day0Ms) / DAY_MS;
    expect(Math.abs(p50Day - (H + 1) / 2)).toBeLessThan(4 * (se(0.5) / (lambda / 2)));
    expect(shown.milestones!.firstLastVisit!.p50).not.toBeNull(); // 50% < 64.6%
    expect(shown.milestones!.firstLastVisit!.p90).toBeNull();
    expect(shown.horizonMillis).toBe(plan.day0Ms + H * DAY_MS);
  });
});
