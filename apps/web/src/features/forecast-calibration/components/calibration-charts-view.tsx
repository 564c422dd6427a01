import Box from '@mui/material/Box';
import type { CalibrationSummary } from '@predict/shared';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { pitHistogramOption, reliabilityOption } from '../utils/calibration-chart-options';
import { echarts } from './echarts-setup';

export interface CalibrationChartsProps {
  summaries: readonly CalibrationSummary[];
}

/** The PIT histogram and the reliability chart side by side (one above the other on narrow screens). */
export function CalibrationChartsView({ summaries }: CalibrationChartsProps) {
  const pit = useMemo(() => pitHistogramOption(summaries), [summaries]);
  const reliability = useMemo(() => reliabilityOption(summaries), [summaries]);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <Box role="img" aria-label="PIT histogram of first and last patient in" sx={{ minWidth: 0 }}>
        <ReactEChartsCore echarts={echarts} option={pit} notMerge style={{ height: 340, width: '100%' }} />
      </Box>
      <Box role="img" aria-label="Reliability of first and last patient in" sx={{ minWidth: 0 }}>
        <ReactEChartsCore
          echarts={echarts}
          option={reliability}
          notMerge
          style={{ height: 340, width: '100%' }}
        />
      </Box>
    </Box>
  );
}
