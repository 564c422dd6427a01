/**
 * Invariants of the result sets on every example, plan line and Monte Carlo: details tables that add up, totals
 * that agree across tables and charts, milestones in order, forecast levels ordered.
 */
import { describe, expect, it } from 'vitest';
import { loadExample } from '../examples';
import { simulate } from '../src';
import type { DetailsTable } from '../src/results/types';
import { expectConsistentDetails, expectOrderedForecast, PATIENT_BLOCKS, sum } from './result-set-checks';

const MILESTONE_ORDER = [
  'First Site Initiated',
  'First Patient Screened',
  'First Patient In',
  '25% Enrolled',
  '50% Enrolled',
  '75% Enrolled',
  'Last Patient In',
  'Last Patient Completes Treatment',
  'Last Patient Last Visit',
];

describe('result set invariants on every example (plan line and 150 replications)', () => {
  it.each(['w1', 'w3', 'scenario-b', 'cohort', 'remodel', 'combination'] as const)(
    '%s',
    (name) => {
      const r = simulate(loadExample(name), { seed: 8, replications: 150, siteSearch: false });
      if (!r.ok) throw new Error('invalid example');
      const sets = r.output.resultSets;
      expectConsistentDetails(sets.detailsMonthlyCumulative, sets.detailsMonthlyNonCumulative, 'monthly');
      expectConsistentDetails(sets.detailsWeeklyCumulative, sets.detailsWeeklyNonCumulative, 'weekly');
      if (sets.cohortDetailsMonthlyCumulative) {
        expectConsistentDetails(
          sets.cohortDetailsMonthlyCumulative,
          sets.cohortDetailsMonthlyNonCumulative!,
          'cohort',
        );
        expectConsistentDetails(
          sets.cohortDetailsWeeklyCumulative!,
          sets.cohortDetailsWeeklyNonCumulative!,
          'cw',
        );
      }
      // The last cumulative totals are the summary's overall numbers; monthly and weekly end on the same totals.
      const overall = sets.summaryTable.at(-1)!;
      expect(overall.siteGroupName).toBe('Overall');
      const last = (t: DetailsTable, block: (typeof PATIENT_BLOCKS)[number]) =>
        t.table_body[block].header_totals.at(-1);
      expect(last(sets.detailsMonthlyCumulative, 'screened')).toBe(overall['Number of Patients Screened']);
      expect(last(sets.detailsMonthlyCumulative, 'enrolled')).toBe(overall['Number of Patients Enrolled']);
      expect(last(sets.detailsMonthlyCumulative, 'completed')).toBe(
        overall['Number of Patients Completing Treatment'],
      );
      for (const block of PATIENT_BLOCKS)
        expect(last(sets.detailsWeeklyCumulative, block)).toBe(last(sets.detailsMonthlyCumulative, block));
      // The overall row sums the site groups.
      const groups = sets.summaryTable.slice(0, -1);
      expect(sum(groups.map((g) => g['Number of Patients Enrolled']))).toBe(
        overall['Number of Patients Enrolled'],
      );
      // The charts draw the details' numbers.
      expect(sets.siteGroupChartMonthly.total.cumulativeEnrolled).toEqual(
        sets.detailsMonthlyCumulative.table_body.enrolled.header_totals,
      );
      // Milestones come in order on the plan line; the forecast's levels are ordered, its probabilities in [0, 1].
      const dates = MILESTONE_ORDER.map(
        (n) => sets.enrollmentTable.find((row) => row.SortName === n)?.dateMillis,
      ).filter((d): d is number => d != null);
      expect(dates.length).toBeGreaterThanOrEqual(7);
      expect(dates).toEqual([...dates].sort((a, b) => a - b));
      const forecast = sets.enrollmentTable.filter((row) => row.P50 !== null);
      expect(forecast.length).toBeGreaterThan(0);
      for (const row of forecast) {
        expect(row.probabilityReached).toBeGreaterThanOrEqual(0);
        expect(row.probabilityReached).toBeLessThanOrEqual(1);
      }
      if (name !== 'cohort') expectOrderedForecast(sets);
    },
    60_000,
  );
});
