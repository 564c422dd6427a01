import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { visuallyHidden } from '@/lib/visually-hidden';

interface ChartCardProps {
  title: string;
  /** Controls shown at the top right, over the chart's own title row (e.g. the grouping toggle). */
  actions?: ReactNode;
  /** The empty-state message; when given, it replaces the chart. */
  empty?: string;
  children?: ReactNode;
}

/**
 * A chart's frame. The chart draws its title on the canvas (so exported images carry it); the heading here is for
 * screen readers, and the empty state shows the title in the page instead.
 */
export function ChartCard({ title, actions, empty, children }: ChartCardProps) {
  return (
    <Paper variant="outlined" component="section" sx={{ position: 'relative', p: 1, minWidth: 0 }}>
      <Typography variant="h6" component="h3" sx={empty ? { fontSize: 15, px: 1 } : visuallyHidden}>
        {title}
      </Typography>
      {actions && <Box sx={{ position: 'absolute', top: 8, right: 8, zIndex: 1 }}>{actions}</Box>}
      {empty ? (
        <Typography color="text.secondary" sx={{ px: 1, py: 4 }}>
          {empty}
        </Typography>
      ) : (
        children
      )}
    </Paper>
  );
}
