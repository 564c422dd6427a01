import Box from '@mui/material/Box';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { ChartOption } from '../utils/option-types';
import { echarts } from './echarts-setup';

export type ChartHandle = Pick<ReactEChartsCore, 'getEchartsInstance'>;

interface ChartCanvasProps {
  option: ChartOption;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  height: number;
  /** Receives the chart on mount and null on unmount (the export reads its image). */
  chartRef?: (handle: ChartHandle | null) => void;
}

/** One ECharts canvas, as wide as its container and resized with it. */
export function ChartCanvas({ option, label, height, chartRef }: ChartCanvasProps) {
  return (
    <Box role="img" aria-label={label} sx={{ width: '100%' }}>
      <ReactEChartsCore
        ref={chartRef}
        echarts={echarts}
        option={option}
        // A toggle replaces the series: merging would keep the previous grouping's series.
        notMerge
        style={{ height, width: '100%' }}
      />
    </Box>
  );
}
