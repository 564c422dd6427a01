import { lazy } from 'react';
import { ChartSuspense } from '@/components/chart-suspense';
import type { CalibrationChartsProps } from './calibration-charts-view';

// ECharts is the app's heaviest dependency: this page loads it only when it has a chart to draw.
const CalibrationChartsView = lazy(() =>
  import('./calibration-charts-view').then((m) => ({ default: m.CalibrationChartsView })),
);

/** The PIT histogram and the reliability chart of the baselines' FPI and LPI. */
export function CalibrationCharts(props: CalibrationChartsProps) {
  return (
    <ChartSuspense label="Loading charts">
      <CalibrationChartsView {...props} />
    </ChartSuspense>
  );
}
