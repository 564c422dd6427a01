import type { CohortChart, EnrollmentChart } from '@predict/shared';
import { BAND_COLOR, paletteColor, TOTAL_COLOR } from './chart-palette';
import { formatCount } from '@/lib/format';
import { escapeHtml } from './escape-html';
import type { AxisTooltipParam, ChartOption } from './option-types';

/** A site-group, region or cohort chart: the same per-period series, and the forecast band when run. */
export type EnrollmentChartData = EnrollmentChart | CohortChart;

export const TOTAL_CUMULATIVE = 'Total Cumulative Enrolled';
export const BAND_NAME = 'Forecast P10-P90';
export const P50_NAME = 'Forecast P50';
/** The invisible P10 line the band is stacked on; it has no legend entry and no tooltip row. */
export const BAND_BASE = 'Forecast P10 (base)';
/** Beyond this many groups the per-group cumulative lines start hidden (the legend shows them). */
export const MAX_VISIBLE_GROUP_LINES = 8;

export const seriesNames = (group: string) => ({
  screened: `${group} Screened`,
  enrolled: `${group} Enrolled`,
  cumulative: `${group} Cumulative Enrolled`,
});

/** A chart with periods to show; the empty state replaces the others. */
export function hasPeriods(chart: EnrollmentChartData | undefined): chart is EnrollmentChartData {
  return !!chart && chart.header_dates.length > 0;
}

interface EnrollmentOptionArgs {
  title: string;
  period: 'MONTH' | 'WEEK';
}

type Series = Exclude<NonNullable<ChartOption['series']>, readonly unknown[]>;

/**
 * The enrollment chart (spec/1 section 2): per group screened and enrolled per period (bars, stacked so the
 * stacks are the study totals) and cumulative enrolled (lines), the study's cumulative enrolled, and - when the
 * forecast ran - its P10-P90 band (a P10 base with the P90 - P10 difference stacked on it) and the P50 line.
 */
export function buildEnrollmentOption(chart: EnrollmentChartData, { title, period }: EnrollmentOptionArgs) {
  const groups = groupSeries(chart);
  const band = 'forecastBand' in chart ? chart.forecastBand : undefined;
  const forecast = band ? bandSeries(band) : { series: [], legend: [] };
  const series: Series[] = [...groups.series, totalSeries(chart), ...forecast.series];
  // The band's legend mark is a filled shape like the band, not the line-with-dot of a line series.
  const legend = [...groups.legend, TOTAL_CUMULATIVE, ...forecast.legend];
  const unit = period === 'MONTH' ? 'month' : 'week';
  const option: ChartOption = {
    title: { text: title, left: 8, top: 4, textStyle: { fontSize: 15 } },
    legend: { type: 'scroll', top: 30, left: 8, right: 8, data: legend, selected: groups.unselected },
    grid: { top: 80, left: 16, right: 16, bottom: 56 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => enrollmentTooltip(chart, period, params as AxisTooltipParam[]),
    },
    xAxis: { type: 'category', data: chart.header_dates },
    yAxis: [
      // Names aligned inwards, so they stay inside the chart above their axes.
      { type: 'value', name: `Patients per ${unit}`, minInterval: 1, nameTextStyle: { align: 'left' } },
      {
        type: 'value',
        name: 'Cumulative enrolled',
        minInterval: 1,
        splitLine: { show: false },
        nameTextStyle: { align: 'right' },
      },
    ],
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    series,
  };
  return option;
}

/** Per group its screened and enrolled bars and cumulative line; beyond MAX_VISIBLE_GROUP_LINES the lines start hidden. */
function groupSeries(chart: EnrollmentChartData) {
  const hideGroupLines = chart.series.length > MAX_VISIBLE_GROUP_LINES;
  const series: Series[] = [];
  const legend: string[] = [];
  const unselected: Record<string, boolean> = {};
  chart.series.forEach((group, index) => {
    const names = seriesNames(group.name);
    const color = paletteColor(index);
    series.push(
      {
        name: names.screened,
        type: 'bar',
        stack: 'screened',
        data: group.screened,
        itemStyle: { color, opacity: 0.45 },
      },
      { name: names.enrolled, type: 'bar', stack: 'enrolled', data: group.enrolled, itemStyle: { color } },
      {
        name: names.cumulative,
        type: 'line',
        yAxisIndex: 1,
        data: group.cumulativeEnrolled,
        showSymbol: false,
        itemStyle: { color },
        lineStyle: { width: 1.5 },
      },
    );
    legend.push(names.screened, names.enrolled, names.cumulative);
    if (hideGroupLines) unselected[names.cumulative] = false;
  });
  return { series, legend, unselected };
}

/** The study's cumulative enrolled line, above the others. */
function totalSeries(chart: EnrollmentChartData): Series {
  return {
    name: TOTAL_CUMULATIVE,
    type: 'line',
    yAxisIndex: 1,
    data: chart.total.cumulativeEnrolled,
    showSymbol: false,
    itemStyle: { color: TOTAL_COLOR },
    lineStyle: { width: 3 },
    z: 4,
  };
}

type ForecastBand = NonNullable<Extract<EnrollmentChartData, { forecastBand?: unknown }>['forecastBand']>;

/** The P10-P90 band (an invisible P10 base with P90 - P10 stacked on it) and the dashed P50 line. */
function bandSeries(band: ForecastBand) {
  const series: Series[] = [
    {
      name: BAND_BASE,
      type: 'line',
      yAxisIndex: 1,
      stack: 'forecast',
      data: band.p10,
      symbol: 'none',
      lineStyle: { opacity: 0 },
      tooltip: { show: false },
      silent: true,
    },
    {
      name: BAND_NAME,
      type: 'line',
      yAxisIndex: 1,
      stack: 'forecast',
      data: band.p90.map((p90, i) => p90 - (band.p10[i] ?? 0)),
      symbol: 'none',
      lineStyle: { opacity: 0 },
      itemStyle: { color: BAND_COLOR },
      areaStyle: { color: BAND_COLOR, opacity: 0.18 },
      silent: true,
    },
    {
      name: P50_NAME,
      type: 'line',
      yAxisIndex: 1,
      data: band.p50,
      showSymbol: false,
      itemStyle: { color: BAND_COLOR },
      lineStyle: { type: 'dashed', width: 2 },
    },
  ];
  return { series, legend: [{ name: BAND_NAME, icon: 'roundRect' }, P50_NAME] };
}

/** The axis tooltip: the period (DD/MMM/YYYY) and each shown series' value; the band as 'P10 - P90'. */
export function enrollmentTooltip(
  chart: EnrollmentChartData,
  period: 'MONTH' | 'WEEK',
  params: readonly AxisTooltipParam[],
): string {
  const index = params[0]?.dataIndex;
  if (index === undefined) return '';
  const heading = `${period === 'MONTH' ? 'Month' : 'Week'} of ${chart.header_dates[index] ?? ''}`;
  const band = 'forecastBand' in chart ? chart.forecastBand : undefined;
  const rows = params.flatMap((param) => {
    if (!param.seriesName || param.seriesName === BAND_BASE) return [];
    const marker = typeof param.marker === 'string' ? param.marker : '';
    const value =
      param.seriesName === BAND_NAME && band
        ? `${formatCount(band.p10[index] ?? 0)} - ${formatCount(band.p90[index] ?? 0)}`
        : formatCount(Number(param.value ?? 0));
    return [`${marker}${escapeHtml(param.seriesName)}: <strong>${value}</strong>`];
  });
  return [`<strong>${heading}</strong>`, ...rows].join('<br/>');
}
