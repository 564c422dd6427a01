import type { LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatDate, formatDateTime } from '@/lib/format';
import type { LpiPoint } from './history-rows';

export type LpiHistoryOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>;

export const LPI_CHART_TITLE = 'Last Patient In: how the forecast moved';
export const BAND_NAME = 'LPI P10-P90';
export const P50_NAME = 'LPI P50';
/** The invisible P10 line the band is stacked on: no legend entry, no tooltip row. */
const BAND_BASE = 'LPI P10 (base)';
const BAND_COLOR = '#1976d2';
const ACTUAL_COLOR = '#2e7d32';
const DAY = 86_400_000;

/** One axis tooltip row of ECharts' formatter parameters. */
interface TooltipParam {
  dataIndex: number;
}

/**
 * The LPI history chart: x the date each forecast of record was made, y the forecast LPI date; the P10-P90 band
 * (a P10 base with the P90 - P10 difference stacked on it, as the enrollment chart draws its band), the P50 line,
 * and a horizontal line at the actual LPI once the study's extract shows it.
 */
export function lpiHistoryOption(points: readonly LpiPoint[], actualLpi: number | null): LpiHistoryOption {
  const at = (p: LpiPoint, y: number): [number, number] => [p.created, y];
  const values = points.flatMap((p) => [p.p10, p.p90]).concat(actualLpi === null ? [] : [actualLpi]);
  const low = Math.min(...values);
  const high = Math.max(...values);
  // A margin of a tenth of the range (at least two weeks), so the band and the actual line never touch the frame.
  const margin = Math.max((high - low) / 10, 14 * DAY);
  // Forecasts made within two days of each other (re-runs of one session) are told apart by their time of day.
  const made = points.map((p) => p.created);
  const shortSpan = Math.max(...made) - Math.min(...made) < 2 * DAY;
  const madeLabel = (v: number) => (shortSpan ? formatDateTime(v).slice(0, 17) : formatDate(v));
  const p50: LineSeriesOption = {
    name: P50_NAME,
    type: 'line',
    data: points.map((p) => at(p, p.p50)),
    showSymbol: true,
    symbolSize: 7,
    itemStyle: { color: BAND_COLOR },
    lineStyle: { width: 2 },
  };
  if (actualLpi !== null) {
    p50.markLine = {
      symbol: 'none',
      silent: true,
      lineStyle: { color: ACTUAL_COLOR, type: 'dashed', width: 2 },
      label: {
        formatter: `Actual LPI ${formatDate(actualLpi)}`,
        position: 'insideEndTop',
        color: ACTUAL_COLOR,
      },
      data: [{ yAxis: actualLpi }],
    };
  }
  return {
    title: { text: LPI_CHART_TITLE, left: 'center', textStyle: { fontSize: 15 } },
    legend: { top: 28, data: [BAND_NAME, P50_NAME] },
    grid: { top: 72, left: 24, right: 32, bottom: 32, containLabel: true },
    xAxis: {
      type: 'time',
      name: 'Forecast made',
      nameLocation: 'middle',
      nameGap: 28,
      axisLabel: { formatter: madeLabel, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      min: Math.floor(low - margin),
      max: Math.ceil(high + margin),
      // The ends are the margin's, not round dates: only the ticks between them are labelled.
      axisLabel: { formatter: (v: number) => formatDate(v), showMinLabel: false, showMaxLabel: false },
    },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const index = (params as TooltipParam[])[0]?.dataIndex;
        const p = index === undefined ? undefined : points[index];
        if (!p) return '';
        return [
          `${formatDateTime(p.created)} UTC: ${p.label}`,
          `P10 - P90: ${formatDate(p.p10)} - ${formatDate(p.p90)}`,
          `P50: ${formatDate(p.p50)}`,
        ].join('<br/>');
      },
    },
    series: [
      {
        name: BAND_BASE,
        type: 'line',
        stack: 'lpi',
        data: points.map((p) => at(p, p.p10)),
        symbol: 'none',
        lineStyle: { opacity: 0 },
        tooltip: { show: false },
      },
      {
        name: BAND_NAME,
        type: 'line',
        stack: 'lpi',
        data: points.map((p) => at(p, p.p90 - p.p10)),
        symbol: 'none',
        lineStyle: { opacity: 0 },
        itemStyle: { color: BAND_COLOR },
        areaStyle: { color: BAND_COLOR, opacity: 0.18 },
      },
      p50,
    ],
  };
}
