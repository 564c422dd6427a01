import { describe, expect, it } from 'vitest';
import { quantileRank } from '@predict/engine';
import { loadExample, type ExampleName } from '@predict/engine/examples';
import { FORECAST_RECORD_MILESTONES } from '@predict/shared';
import { inlineEngine } from '../src/jobs/run-engine';
import { buildForecastOfRecord } from '../src/services/forecast-records/build-forecast-record';

const record = async (example: ExampleName) => {
  const outcome = await inlineEngine.run(loadExample(example), {
    seed: 7,
    replications: 300,
    onProgress: () => undefined,
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return buildForecastOfRecord(outcome.sets, outcome.extras ?? null);
};

describe('the forecast of record of every kind of run', () => {
  it.each(['w1', 'scenario-b', 'remodel', 'combination', 'cohort'] as ExampleName[])(
    '%s: percentiles only where they reproduce the result sets, every band ordered',
    async (example) => {
      const forecast = await record(example);
      for (const key of FORECAST_RECORD_MILESTONES) {
        const m = forecast.milestones[key];
        if (m.percentiles === null) continue;
        expect([m.percentiles[9], m.percentiles[49], m.percentiles[89]], key).toEqual([m.p10, m.p50, m.p90]);
        const reached = m.percentiles.filter((p): p is number => p !== null);
        expect(
          reached.every((p, i) => i === 0 || p >= reached[i - 1]!),
          key,
        ).toBe(true);
        // Not reached sorts last: once a percentile is null, every later one is.
        expect(
          m.percentiles.slice(reached.length).every((p) => p === null),
          key,
        ).toBe(true);
      }
      expect(forecast.milestones.fpi.percentiles, 'FPI').not.toBeNull();
      if (example !== 'cohort') expect(forecast.milestones.lpi.percentiles, 'LPI').not.toBeNull();
      expect(forecast.sitesActivated!.p50).toHaveLength(forecast.monthStartMillis.length);
      // The sites count at month 12, whole: the 300 replications, whose P10 / P50 / P90 are the band's there.
      const d = forecast.sitesMonth12!;
      expect(d.counts.reduce((a, b) => a + b, 0)).toBe(300);
      const quantile = (level: number) => {
        const rank = quantileRank(level, 300);
        let seen = 0;
        for (let k = 0; k < d.counts.length; k++) if ((seen += d.counts[k]!) >= rank) return d.lo + k;
        return NaN;
      };
      const band = forecast.sitesActivated!;
      expect([10, 50, 90].map(quantile)).toEqual([band.p10[11], band.p50[11], band.p90[11]]);
    },
  );

  it('keeps no LPI percentiles for a sequential cohort plan, whose LPI comes from its cohort Monte Carlo', async () => {
    const forecast = await record('cohort');
    expect(forecast.milestones.lpi.p50).not.toBeNull();
    expect(forecast.milestones.lpi.percentiles).toBeNull();
    expect(forecast.patientsEnrolled).toBeNull();
  });
});
