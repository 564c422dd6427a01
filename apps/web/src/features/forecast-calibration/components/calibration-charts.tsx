import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import type { CalibrationChartsProps } from './calibration-charts-view';

// ECharts is the app's heaviest dependency: this page loads it only when it has a chart to draw.
const CalibrationChartsView = lazy(() =>
  import('./calibration-charts-view').then((m) => ({ default: m.CalibrationChartsView })),
);

/** The PIT histogram and the reliability chart of the baselines' FPI and LPI. */
export function CalibrationCharts(props: CalibrationChartsProps) {
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading charts" />
        </Box>
      }
    >
      <CalibrationChartsView {...props} />
    </Suspense>
  );
}
