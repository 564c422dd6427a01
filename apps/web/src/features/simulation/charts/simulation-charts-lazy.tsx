import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import type { SimulationChartsProps } from './components/simulation-charts-view';

export type { SimulationChartsProps };

// ECharts is the heaviest dependency of the app: the Charts tab loads it only when it is first shown.
const SimulationChartsView = lazy(() =>
  import('./components/simulation-charts-view').then((m) => ({ default: m.SimulationChartsView })),
);

/** The Charts tab of the simulation screen (spec/1 section 2): enrollment, patients by group and cohort timeline. */
export function SimulationCharts(props: SimulationChartsProps) {
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading charts" />
        </Box>
      }
    >
      <SimulationChartsView {...props} />
    </Suspense>
  );
}
