import type { SummaryRow } from '@predict/shared';
import { describe, expect, it } from 'vitest';
import { cohortSets } from '../test/chart-fixtures';
import { overallRates } from './overall-rates';

describe('overallRates', () => {
  it("reads the 'Overall' row: rate in patients/site/month, screen fail and drop out as %", () => {
    // The engine's Overall row of examples/cohort.json: 0.8, 0.3 and 0.1.
    expect(overallRates(cohortSets.summaryTable)).toEqual({
      enrollmentRate: '0.80',
      screenFailRate: '30.00%',
      dropOutRate: '10.00%',
    });
  });

  it("shows '##' as it is", () => {
    const rows = (cohortSets.summaryTable ?? []).map((row): SummaryRow =>
      row.siteGroupName === 'Overall' ? { ...row, 'Screen Fail Rate': '##', 'Drop Out Rate': '##' } : row,
    );
    expect(overallRates(rows)).toMatchObject({ screenFailRate: '##', dropOutRate: '##' });
  });

  it('is null without a summary or an Overall row', () => {
    expect(overallRates(undefined)).toBeNull();
    expect(overallRates((cohortSets.summaryTable ?? []).slice(0, 1))).toBeNull();
  });
});
