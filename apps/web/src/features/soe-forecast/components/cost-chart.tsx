import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SoeForecastChart } from '@predict/shared';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { dispose, getInstanceByDom, init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useId, useMemo } from 'react';

// Only what this chart draws is registered (the results pages register their own set the same way).
register([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);
const echarts = { init, getInstanceByDom, dispose };

export const COST_CHART_TITLE = 'Cumulative Cost by Month';
/** The plan line's cumulative cost: it ends at the Cost Summary total. */
const PLAN_LINE = 'Plan line';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * The chart's option: the P10-P90 band as a stacked area (P10 as its invisible base, P90 - P10 on top), the P50 and
 * the plan line's cumulative cost (the tables' enrollment), in the SOE currency. The band's quantiles come ordered
 * from the server (per-month quantiles of the replications' own costs).
 */
export function costChartOption(chart: SoeForecastChart) {
  const months = chart.points.map((p) => p.monthYear);
  const low = chart.points.map((p) => p.p10);
  return {
    grid: { left: 90, right: 24, top: 40, bottom: 40 },
    legend: { data: [PLAN_LINE, 'P50', 'P10-P90'], top: 0 },
    tooltip: {
      trigger: 'axis' as const,
      // The band's series hold differences: the tooltip reads the points themselves.
      formatter: (params: { dataIndex: number }[]) => {
        const p = chart.points[params[0]?.dataIndex ?? -1];
        if (!p) return '';
        const f = (v: number) => `${whole.format(Math.trunc(v))} ${chart.currency}`;
        return `${p.monthYear}<br/>${PLAN_LINE}: ${f(p.plan)}<br/>P10: ${f(p.p10)}<br/>P50: ${f(p.p50)}<br/>P90: ${f(p.p90)}`;
      },
    },
    xAxis: { type: 'category' as const, data: months, boundaryGap: false },
    yAxis: {
      type: 'value' as const,
      name: chart.currency,
      axisLabel: { formatter: (v: number) => whole.format(v) },
    },
    series: [
      {
        name: 'P10',
        type: 'line' as const,
        data: low,
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
      },
      {
        name: 'P10-P90',
        type: 'line' as const,
        data: chart.points.map((p, i) => p.p90 - low[i]!),
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        areaStyle: { opacity: 0.25 },
      },
      {
        name: 'P50',
        type: 'line' as const,
        data: chart.points.map((p) => p.p50),
        symbol: 'none',
        lineStyle: { type: 'dashed' as const },
      },
      { name: PLAN_LINE, type: 'line' as const, data: chart.points.map((p) => p.plan), symbol: 'none' },
    ],
  };
}

/** The cumulative cost chart: plan line, P50 and the P10-P90 band (design/soe-costing.md section 5). */
export function CostChart({ chart }: { chart: SoeForecastChart }) {
  const headingId = useId();
  const option = useMemo(() => costChartOption(chart), [chart]);
  const last = chart.points[chart.points.length - 1];
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {COST_CHART_TITLE}
      </Typography>
      <Box
        role="img"
        aria-label={
          last
            ? `Cumulative cost from ${chart.points[0]!.monthYear} to ${last.monthYear}: ${whole.format(Math.trunc(last.plan))} ${chart.currency} (P10-P90 band shown)`
            : 'No costs to chart'
        }
        sx={{ width: '100%' }}
      >
        <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 360, width: '100%' }} />
      </Box>
    </Paper>
  );
}
