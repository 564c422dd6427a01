import type { EnrollmentChart } from '@predict/shared';
import { describe, expect, it } from 'vitest';
import { cohortSets, combinationSets, ratesSets } from '../test/chart-fixtures';
import {
  BAND_BASE,
  BAND_NAME,
  buildEnrollmentOption,
  enrollmentTooltip,
  hasPeriods,
  MAX_VISIBLE_GROUP_LINES,
  P50_NAME,
  seriesNames,
  TOTAL_CUMULATIVE,
} from './enrollment-option';

interface Series {
  name: string;
  type: string;
  stack?: string;
  yAxisIndex?: number;
  data: number[];
  areaStyle?: object;
  lineStyle?: { opacity?: number; type?: string };
}

const monthly = ratesSets.siteGroupChartMonthly as EnrollmentChart;
const seriesOf = (option: ReturnType<typeof buildEnrollmentOption>) => option.series as Series[];
const find = (series: Series[], name: string) => series.find((s) => s.name === name);

describe('buildEnrollmentOption', () => {
  const option = buildEnrollmentOption(monthly, { title: 'Monthly Enrollment', period: 'MONTH' });
  const series = seriesOf(option);

  it('puts the periods (DD/MMM/YYYY) on the x axis', () => {
    expect(option.xAxis).toMatchObject({ type: 'category', data: monthly.header_dates });
    expect(monthly.header_dates[0]).toBe('01/Jan/2026');
  });

  it('draws screened and enrolled per period as bars and cumulative enrolled as a line per group', () => {
    const germany = seriesNames('Germany');
    expect(find(series, germany.screened)).toMatchObject({ type: 'bar', stack: 'screened' });
    expect(find(series, germany.screened)?.data).toEqual(monthly.series[0]?.screened);
    expect(find(series, germany.enrolled)).toMatchObject({ type: 'bar', stack: 'enrolled' });
    expect(find(series, germany.enrolled)?.data).toEqual(monthly.series[0]?.enrolled);
    expect(find(series, germany.cumulative)).toMatchObject({ type: 'line', yAxisIndex: 1 });
    expect(find(series, germany.cumulative)?.data).toEqual(monthly.series[0]?.cumulativeEnrolled);
    expect(find(series, TOTAL_CUMULATIVE)?.data).toEqual(monthly.total.cumulativeEnrolled);
    expect(find(series, TOTAL_CUMULATIVE)?.data.at(-1)).toBe(100);
  });

  it('shades the P10-P90 band on the cumulative total: P10 base plus the P90 - P10 difference, and the P50 line', () => {
    const band = monthly.forecastBand;
    if (!band) throw new Error('w1 has a forecast band');
    const base = find(series, BAND_BASE);
    const shaded = find(series, BAND_NAME);
    expect(base).toMatchObject({ type: 'line', stack: 'forecast', yAxisIndex: 1, lineStyle: { opacity: 0 } });
    expect(base?.data).toEqual(band.p10);
    expect(shaded).toMatchObject({ stack: 'forecast', yAxisIndex: 1, areaStyle: expect.any(Object) });
    // Stacked on the base, the band's top is P90 in every period.
    shaded?.data.forEach((difference, i) => expect((band.p10[i] ?? 0) + difference).toBe(band.p90[i]));
    expect(find(series, P50_NAME)).toMatchObject({ lineStyle: { type: 'dashed' } });
    expect(find(series, P50_NAME)?.data).toEqual(band.p50);
  });

  it('lists every series but the band base in the legend', () => {
    expect((option.legend as { data: unknown[] }).data).toEqual([
      'Germany Screened',
      'Germany Enrolled',
      'Germany Cumulative Enrolled',
      TOTAL_CUMULATIVE,
      { name: BAND_NAME, icon: 'roundRect' },
      P50_NAME,
    ]);
  });

  it('has no band when the forecast did not run (cohort plans)', () => {
    const cohortChart = cohortSets.siteGroupChartMonthly as EnrollmentChart;
    const names = seriesOf(buildEnrollmentOption(cohortChart, { title: 'x', period: 'MONTH' })).map(
      (s) => s.name,
    );
    expect(names).not.toContain(BAND_NAME);
    expect(names).not.toContain(P50_NAME);
    expect(names).toHaveLength(2 * 3 + 1);
  });

  it('builds the cohort chart of a cohort plan like the others', () => {
    const cohorts = cohortSets.cohortChartMonthly;
    if (!hasPeriods(cohorts)) throw new Error('the cohort fixture has a cohort chart');
    const names = seriesOf(buildEnrollmentOption(cohorts, { title: 'x', period: 'MONTH' })).map(
      (s) => s.name,
    );
    expect(names).toContain('Expansion Enrolled');
  });

  it(`starts with the group lines hidden beyond ${MAX_VISIBLE_GROUP_LINES} groups`, () => {
    const five = combinationSets.siteGroupChartMonthly as EnrollmentChart;
    expect(buildEnrollmentOption(five, { title: 'x', period: 'MONTH' }).legend as object).toMatchObject({
      selected: {},
    });
    const many: EnrollmentChart = {
      ...five,
      series: [...five.series, ...five.series].map((s, i) => ({ ...s, key: `${i}`, name: `Group ${i}` })),
    };
    const legend = buildEnrollmentOption(many, { title: 'x', period: 'MONTH' }).legend as {
      selected: Record<string, boolean>;
    };
    expect(legend.selected['Group 0 Cumulative Enrolled']).toBe(false);
    expect(legend.selected['Group 0 Enrolled']).toBeUndefined();
  });

  it('names the left axis after the period', () => {
    const weekly = ratesSets.siteGroupChartWeekly as EnrollmentChart;
    const option = buildEnrollmentOption(weekly, { title: 'Weekly Enrollment', period: 'WEEK' });
    expect(option.yAxis).toMatchObject([{ name: 'Patients per week' }, { name: 'Cumulative enrolled' }]);
  });
});

describe('enrollmentTooltip', () => {
  const band = monthly.forecastBand;

  it('gives the period start date and the values, the band as P10 - P90', () => {
    const index = 14;
    const html = enrollmentTooltip(monthly, 'MONTH', [
      { dataIndex: index, seriesName: 'Germany Enrolled', marker: '<m/>', value: 1234 },
      { dataIndex: index, seriesName: BAND_BASE, value: band?.p10[index] },
      { dataIndex: index, seriesName: BAND_NAME, value: 99 },
    ]);
    expect(html).toBe(
      '<strong>Month of 01/Mar/2027</strong><br/><m/>Germany Enrolled: <strong>1,234</strong><br/>' +
        `${BAND_NAME}: <strong>${band?.p10[index]} - ${band?.p90[index]}</strong>`,
    );
  });

  it('escapes group names and names weeks', () => {
    const weekly = ratesSets.siteGroupChartWeekly as EnrollmentChart;
    const html = enrollmentTooltip(weekly, 'WEEK', [{ dataIndex: 0, seriesName: '<b>&', value: 0 }]);
    expect(html).toBe('<strong>Week of 05/Jan/2026</strong><br/>&#60;b&#62;&#38;: <strong>0</strong>');
  });
});
