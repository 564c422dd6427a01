import type { BoxplotSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { ComparedPlan } from '@predict/shared';
import { formatCount, formatDate } from '@/lib/format';

export type CompareChartOption = ComposeOption<
  | LineSeriesOption
  | BoxplotSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>;

export const ENROLLMENT_CHART_TITLE = 'Cumulative patients enrolled (P50, P10-P90 band)';
export const LPI_CHART_TITLE = 'Last patient in: distribution (box P25-P75, whiskers P10-P90)';
/** One colour per place in the comparison (at most four plans). */
export const PLAN_COLORS = ['#1976d2', '#d32f2f', '#388e3c', '#f57c00'] as const;

export const p50Name = (plan: ComparedPlan) => `${plan.studyPlanName} P50`;
export const bandName = (plan: ComparedPlan) => `${plan.studyPlanName} P10-P90`;

/**
 * Every plan's cumulative enrolled P50 on one time axis and, for the plans in `bands`, its P10-P90 band (an
 * invisible P10 base with the P90 - P10 difference stacked on it, as the simulation's enrollment chart draws it).
 */
export function enrollmentOverlayOption(
  plans: readonly ComparedPlan[],
  bands: ReadonlySet<number>,
): CompareChartOption {
  const series: LineSeriesOption[] = plans.flatMap((plan, i) => {
    const e = plan.enrollment;
    if (!e) return [];
    const color = PLAN_COLORS[i % PLAN_COLORS.length]!;
    const at = (values: readonly number[]) => e.monthStartMillis.map((m, k) => [m, values[k] ?? 0]);
    const line: LineSeriesOption = {
      name: p50Name(plan),
      type: 'line',
      data: at(e.p50),
      showSymbol: false,
      itemStyle: { color },
      lineStyle: { width: 2 },
    };
    if (!bands.has(plan.studyPlanId)) return [line];
    const stack = `band-${plan.studyPlanId}`;
    return [
      line,
      {
        name: `${plan.studyPlanName} P10 (base)`,
        type: 'line',
        stack,
        data: at(e.p10),
        showSymbol: false,
        lineStyle: { opacity: 0 },
        tooltip: { show: false },
        silent: true,
      },
      {
        name: bandName(plan),
        type: 'line',
        stack,
        showSymbol: false,
        data: e.monthStartMillis.map((m, k) => [m, (e.p90[k] ?? 0) - (e.p10[k] ?? 0)]),
        lineStyle: { opacity: 0 },
        areaStyle: { color, opacity: 0.15 },
        itemStyle: { color },
      },
    ];
  });
  return {
    title: { text: ENROLLMENT_CHART_TITLE, left: 'center', textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis', valueFormatter: (v) => formatCount(Number(v)) },
    legend: { bottom: 0, data: plans.map(p50Name) },
    grid: { left: 60, right: 24, top: 48, bottom: 56 },
    xAxis: { type: 'time', axisLabel: { formatter: (v: number) => formatDate(v) } },
    yAxis: { type: 'value', name: 'Patients' },
    series,
  };
}

/** P10, P25, P50, P75, P90 of LPI from its P1..P99 (index k is P(k+1)); null when any is missing. */
export function lpiBox(plan: ComparedPlan): number[] | null {
  const p = plan.lpiPercentiles;
  if (!p) return null;
  const box = [9, 24, 49, 74, 89].map((k) => p[k] ?? null);
  return box.every((v) => v !== null) ? (box as number[]) : null;
}

/** One horizontal box per plan on a date axis (a plan without LPI percentiles has none). */
export function lpiDistributionOption(plans: readonly ComparedPlan[]): CompareChartOption {
  return {
    title: { text: LPI_CHART_TITLE, left: 'center', textStyle: { fontSize: 14 } },
    tooltip: {
      trigger: 'item',
      formatter: (params: unknown) => {
        const { name, value } = params as { name: string; value: number[] };
        const [, p10, p25, p50, p75, p90] = value;
        const q = [p10, p25, p50, p75, p90].map((v) => formatDate(v ?? null));
        return `${name}<br/>P10 ${q[0]} · P25 ${q[1]} · P50 ${q[2]} · P75 ${q[3]} · P90 ${q[4]}`;
      },
    },
    grid: { left: 160, right: 32, top: 48, bottom: 40 },
    xAxis: { type: 'value', scale: true, axisLabel: { formatter: (v: number) => formatDate(v) } },
    yAxis: { type: 'category', inverse: true, data: plans.map((p) => p.studyPlanName) },
    series: [
      {
        name: 'LPI',
        type: 'boxplot',
        data: plans.map((p, i) => ({
          name: p.studyPlanName,
          value: lpiBox(p) ?? [],
          itemStyle: { color: '#fff', borderColor: PLAN_COLORS[i % PLAN_COLORS.length] },
        })),
      },
    ],
  };
}
