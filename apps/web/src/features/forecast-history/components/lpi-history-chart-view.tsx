import Box from '@mui/material/Box';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import type { LpiPoint } from '../utils/history-rows';
import { lpiHistoryOption } from '../utils/lpi-history-option';
import { echarts } from './echarts-setup';

export interface LpiHistoryChartProps {
  points: readonly LpiPoint[];
  actualLpi: number | null;
}

/** The LPI history as one ECharts canvas, as wide as its container. */
export function LpiHistoryChartView({ points, actualLpi }: LpiHistoryChartProps) {
  const option = useMemo(() => lpiHistoryOption(points, actualLpi), [points, actualLpi]);
  return (
    <Box
      role="img"
      aria-label={`Last patient in forecast P10, P50 and P90 over ${points.length} forecasts of record`}
      sx={{ width: '100%' }}
    >
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 360, width: '100%' }} />
    </Box>
  );
}
