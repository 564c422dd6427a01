import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import type { LpiHistoryChartProps } from './lpi-history-chart-view';

// ECharts is the app's heaviest dependency: this screen loads it only when it has a chart to draw.
const LpiHistoryChartView = lazy(() =>
  import('./lpi-history-chart-view').then((m) => ({ default: m.LpiHistoryChartView })),
);

/** How LPI's P10 / P50 / P90 moved over the forecasts of record, with the actual LPI once known. */
export function LpiHistoryChart(props: LpiHistoryChartProps) {
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading chart" />
        </Box>
      }
    >
      <LpiHistoryChartView {...props} />
    </Suspense>
  );
}
