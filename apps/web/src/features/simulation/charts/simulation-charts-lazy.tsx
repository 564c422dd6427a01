import { lazy } from 'react';
import { ChartSuspense } from '@/components/chart-suspense';
import type { SimulationChartsProps } from './components/simulation-charts-view';

export type { SimulationChartsProps };

// ECharts is the heaviest dependency of the app: the Charts tab loads it only when it is first shown.
const SimulationChartsView = lazy(() =>
  import('./components/simulation-charts-view').then((m) => ({ default: m.SimulationChartsView })),
);

/** The Charts tab of the simulation screen (spec/1 section 2): enrollment, patients by group and cohort timeline. */
export function SimulationCharts(props: SimulationChartsProps) {
  return (
    <ChartSuspense label="Loading charts">
      <SimulationChartsView {...props} />
    </ChartSuspense>
  );
}
