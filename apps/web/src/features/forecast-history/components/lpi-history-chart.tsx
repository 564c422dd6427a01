import { lazy } from 'react';
import { ChartSuspense } from '@/components/chart-suspense';
import type { LpiHistoryChartProps } from './lpi-history-chart-view';

// ECharts is the app's heaviest dependency: this screen loads it only when it has a chart to draw.
const LpiHistoryChartView = lazy(() =>
  import('./lpi-history-chart-view').then((m) => ({ default: m.LpiHistoryChartView })),
);

/** How LPI's P10 / P50 / P90 moved over the forecasts of record, with the actual LPI once known. */
export function LpiHistoryChart(props: LpiHistoryChartProps) {
  return (
    <ChartSuspense>
      <LpiHistoryChartView {...props} />
    </ChartSuspense>
  );
}
