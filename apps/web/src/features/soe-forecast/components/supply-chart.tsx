import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SoeSupplyCountry } from '@predict/shared';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { dispose, getInstanceByDom, init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useId, useMemo } from 'react';

register([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);
const echarts = { init, getInstanceByDom, dispose };

export const SUPPLY_CHART_TITLE = 'Cumulative Kits by Month';
const SUPPLIED = 'Supplied (stock + shipments)';

const kits = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * The chart's option: the cumulative kits dispensed as a P10-P90 band (P10 the invisible base of a stack) with the
 * P50 dashed, the cumulative kits supplied as a step line, and each month's shipment and initial stock as bars.
 */
export function supplyChartOption(country: SoeSupplyCountry) {
  const m = country.months;
  const low = m.map((x) => x.cumulative.p10);
  return {
    grid: { left: 70, right: 24, top: 48, bottom: 40 },
    legend: { data: ['P50', 'P10-P90', SUPPLIED, 'Shipment', 'Initial stock'], top: 0 },
    tooltip: {
      trigger: 'axis' as const,
      formatter: (params: { dataIndex: number }[]) => {
        const p = m[params[0]?.dataIndex ?? -1];
        if (!p) return '';
        const c = p.cumulative;
        return [
          p.monthYear,
          `Dispensed to date P10 / P50 / P90: ${kits.format(c.p10)} / ${kits.format(c.p50)} / ${kits.format(c.p90)}`,
          `${SUPPLIED}: ${p.supplied}`,
          `Shipment: ${p.shipment}, initial stock: ${p.initialStock}`,
        ].join('<br/>');
      },
    },
    xAxis: { type: 'category' as const, data: m.map((x) => x.monthYear) },
    yAxis: { type: 'value' as const, name: 'Kits' },
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
        data: m.map((x, i) => x.cumulative.p90 - low[i]!),
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        areaStyle: { opacity: 0.25 },
      },
      {
        name: 'P50',
        type: 'line' as const,
        data: m.map((x) => x.cumulative.p50),
        symbol: 'none',
        lineStyle: { type: 'dashed' as const },
      },
      {
        name: SUPPLIED,
        type: 'line' as const,
        step: 'end' as const,
        data: m.map((x) => x.supplied),
        symbol: 'none',
      },
      { name: 'Shipment', type: 'bar' as const, stack: 'in', data: m.map((x) => x.shipment) },
      { name: 'Initial stock', type: 'bar' as const, stack: 'in', data: m.map((x) => x.initialStock) },
    ],
  };
}

/** Cumulative demand with its band against the kits supplied, for one country or all. */
export function SupplyChart({ country }: { country: SoeSupplyCountry }) {
  const headingId = useId();
  const option = useMemo(() => supplyChartOption(country), [country]);
  const first = country.months[0];
  const last = country.months.at(-1);
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {`${SUPPLY_CHART_TITLE}: ${country.name}`}
      </Typography>
      <Box
        role="img"
        aria-label={
          first && last
            ? `Cumulative kits of ${country.name} from ${first.monthYear} to ${last.monthYear}: P50 ${kits.format(last.cumulative.p50)} kits dispensed, ${last.supplied} supplied`
            : 'No kits to chart'
        }
        sx={{ width: '100%' }}
      >
        <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 360, width: '100%' }} />
      </Box>
    </Paper>
  );
}
