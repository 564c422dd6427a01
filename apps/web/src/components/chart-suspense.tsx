import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, type ReactNode } from 'react';

/**
 * Where a lazily loaded chart view goes: ECharts is the app's heaviest dependency, so each screen imports its chart
 * view with React.lazy and shows this spinner (named for screen readers) until the chunk has loaded.
 */
export function ChartSuspense({
  label = 'Loading chart',
  children,
}: {
  label?: string;
  children: ReactNode;
}) {
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={label} />
        </Box>
      }
    >
      {children}
    </Suspense>
  );
}
