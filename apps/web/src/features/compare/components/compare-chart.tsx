import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import type { CompareChartProps } from './compare-chart-view';

// ECharts is the app's heaviest dependency: the page loads it only when it draws a chart.
const CompareChartView = lazy(() =>
  import('./compare-chart-view').then((m) => ({ default: m.CompareChartView })),
);

export function CompareChart(props: CompareChartProps) {
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading chart" />
        </Box>
      }
    >
      <CompareChartView {...props} />
    </Suspense>
  );
}
