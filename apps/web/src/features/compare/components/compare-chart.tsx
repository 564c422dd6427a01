import { lazy } from 'react';
import { ChartSuspense } from '@/components/chart-suspense';
import type { CompareChartProps } from './compare-chart-view';

// ECharts is the app's heaviest dependency: the page loads it only when it draws a chart.
const CompareChartView = lazy(() =>
  import('./compare-chart-view').then((m) => ({ default: m.CompareChartView })),
);

export function CompareChart(props: CompareChartProps) {
  return (
    <ChartSuspense>
      <CompareChartView {...props} />
    </ChartSuspense>
  );
}
