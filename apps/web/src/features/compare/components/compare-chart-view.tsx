import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useRef } from 'react';
import { downloadDataUrl } from '@/lib/download-file';
import type { CompareChartOption } from '../utils/compare-chart-options';
import { echarts } from './echarts-setup';

export interface CompareChartProps {
  option: CompareChartOption;
  /** What the chart shows, for screen readers (the canvas says nothing). */
  label: string;
  /** The PNG's file name. */
  fileName: string;
  height?: number;
}

/** One ECharts canvas with its PNG button (the chart as drawn, twice the pixels, on white). */
export function CompareChartView({ option, label, fileName, height = 360 }: CompareChartProps) {
  const chart = useRef<ReactEChartsCore | null>(null);
  const savePng = () => {
    const instance = chart.current?.getEchartsInstance?.();
    if (!instance) return;
    downloadDataUrl(instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }), fileName);
  };
  return (
    <Box>
      <Box role="img" aria-label={label} sx={{ width: '100%' }}>
        <ReactEChartsCore
          ref={chart}
          echarts={echarts}
          option={option}
          notMerge
          style={{ height, width: '100%' }}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button size="small" onClick={savePng}>
          Download PNG
        </Button>
      </Box>
    </Box>
  );
}
