import Box from '@mui/material/Box';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useTrackCurrentStudy } from '@/features/current-study';
import { TopBar } from './top-bar';

/** Layout of every page: top bar and the routed screen (loaded lazily), or `children` instead of the route. */
export function AppLayout({ children }: { children?: ReactNode }) {
  useTrackCurrentStudy();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <TopBar />
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 1.5, md: 3 } }}>
        <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
      </Box>
    </Box>
  );
}
