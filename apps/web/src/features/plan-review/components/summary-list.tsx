import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';

/**
 * A read-only label / value list (a description list), as the review sections show their values. The values line
 * up in one column after the longest label (at least `labelWidth` px), so a long label does not push its value out
 * of line.
 */
export function SummaryList({ rows, labelWidth = 260 }: { rows: [string, string][]; labelWidth?: number }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: `minmax(min(${labelWidth}px, 40%), max-content) minmax(0, 1fr)`,
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
