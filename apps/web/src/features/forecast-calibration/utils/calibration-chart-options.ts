import {
  CALIBRATION_MILESTONE_LABELS,
  type CalibrationShare,
  type CalibrationSummary,
} from '@predict/shared';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatPercent } from '@/lib/format';

export type CalibrationChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>;

export const PIT_CHART_TITLE = 'PIT histogram';
export const RELIABILITY_CHART_TITLE = 'Reliability';
export const IDEAL_NAME = 'Calibrated';
export const PIT_BIN_LABELS = Array.from({ length: 10 }, (_, i) => `${i / 10}-${(i + 1) / 10}`);
const COLORS = ['#1976d2', '#ed6c02'];
const percentAxis = {
  type: 'value',
  min: 0,
  axisLabel: { formatter: (v: number) => formatPercent(v) },
} as const;

/** The summaries that have PITs (the date milestones with at least one scored study). */
const charted = (summaries: readonly CalibrationSummary[]) =>
  summaries.filter((s) => s.n > 0 && s.pitHistogram !== null && s.reliability !== null);

interface AxisParam {
  seriesName: string;
  dataIndex: number;
}

/**
 * The PIT histogram: per milestone the share of studies whose actual fell in each tenth of its forecast (so that
 * milestones with different n compare), and the flat 10% a calibrated forecast gives. A U shape says the intervals
 * are too narrow, a hump too wide, a slope a bias.
 */
export function pitHistogramOption(summaries: readonly CalibrationSummary[]): CalibrationChartOption {
  const shown = charted(summaries);
  return {
    title: { text: PIT_CHART_TITLE, left: 'center', textStyle: { fontSize: 15 } },
    legend: { top: 28 },
    // Room on the right for the flat line's label.
    grid: { top: 72, left: 16, right: 64, bottom: 40, containLabel: true },
    xAxis: {
      type: 'category',
      data: PIT_BIN_LABELS,
      // Every bin labelled: ECharts' own spacing would drop every other one at 1280 px.
      axisLabel: { interval: 0, fontSize: 11 },
      name: 'Where the actual fell in the forecast (PIT)',
      nameLocation: 'middle',
      nameGap: 28,
    },
    yAxis: percentAxis,
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) =>
        (params as AxisParam[])
          .map((p) => {
            const s = shown.find((x) => CALIBRATION_MILESTONE_LABELS[x.milestone] === p.seriesName);
            const count = s?.pitHistogram?.[p.dataIndex] ?? 0;
            return `${p.seriesName}: ${count} of ${s?.n ?? 0}`;
          })
          .join('<br/>'),
    },
    series: shown.map((s, i): BarSeriesOption => ({
      name: CALIBRATION_MILESTONE_LABELS[s.milestone],
      type: 'bar',
      data: s.pitHistogram!.map((count) => count / s.n),
      itemStyle: { color: COLORS[i % COLORS.length] },
      ...(i === 0
        ? {
            markLine: {
              symbol: 'none',
              silent: true,
              lineStyle: { color: '#2e7d32', type: 'dashed' },
              label: { formatter: 'flat: 10%', position: 'end' },
              data: [{ yAxis: 0.1 }],
            },
          }
        : {}),
    })),
  };
}

const band = (name: string, stack: string, data: number[], color?: string): LineSeriesOption => ({
  name,
  type: 'line',
  stack,
  data,
  symbol: 'none',
  lineStyle: { opacity: 0 },
  tooltip: { show: false },
  ...(color ? { areaStyle: { color, opacity: 0.15 }, itemStyle: { color } } : {}),
});

/**
 * The reliability chart: for each nominal level 0.1..0.9 the share of actuals below the forecasts' quantile at
 * that level, with its 90% interval as a band, against the diagonal a calibrated forecast follows.
 */
export function reliabilityOption(summaries: readonly CalibrationSummary[]): CalibrationChartOption {
  const shown = charted(summaries);
  const levels = shown[0]?.reliability?.map((r) => r.level) ?? [];
  const observed = (s: CalibrationSummary, pick: (o: CalibrationShare) => number) =>
    s.reliability!.map((r) => pick(r.observed));
  return {
    title: { text: RELIABILITY_CHART_TITLE, left: 'center', textStyle: { fontSize: 15 } },
    legend: { top: 28, data: [IDEAL_NAME, ...shown.map((s) => CALIBRATION_MILESTONE_LABELS[s.milestone])] },
    grid: { top: 72, left: 16, right: 24, bottom: 40, containLabel: true },
    xAxis: {
      type: 'category',
      data: levels.map((l) => formatPercent(l)),
      name: 'Nominal level (forecast quantile)',
      nameLocation: 'middle',
      nameGap: 28,
    },
    yAxis: { ...percentAxis, max: 1, name: 'Actuals below it' },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const index = (params as AxisParam[])[0]?.dataIndex ?? 0;
        return shown
          .map((s) => {
            const o = s.reliability![index]!.observed;
            const share = o.share === null ? '—' : formatPercent(o.share);
            return `${CALIBRATION_MILESTONE_LABELS[s.milestone]}: ${share} (${o.count} of ${o.n}; 90% CI ${formatPercent(o.lo)}–${formatPercent(o.hi)})`;
          })
          .join('<br/>');
      },
    },
    series: [
      {
        name: IDEAL_NAME,
        type: 'line',
        data: levels,
        symbol: 'none',
        lineStyle: { type: 'dashed', color: '#2e7d32' },
        itemStyle: { color: '#2e7d32' },
      },
      ...shown.flatMap((s, i): LineSeriesOption[] => {
        const name = CALIBRATION_MILESTONE_LABELS[s.milestone];
        const color = COLORS[i % COLORS.length]!;
        const lo = observed(s, (o) => o.lo);
        return [
          band(`${name} CI (base)`, `ci-${s.milestone}`, lo),
          band(
            `${name} 90% CI`,
            `ci-${s.milestone}`,
            observed(s, (o) => o.hi).map((hi, k) => hi - lo[k]!),
            color,
          ),
          {
            name,
            type: 'line',
            data: observed(s, (o) => o.share ?? 0),
            symbolSize: 7,
            itemStyle: { color },
            lineStyle: { width: 2 },
          },
        ];
      }),
    ],
  };
}
