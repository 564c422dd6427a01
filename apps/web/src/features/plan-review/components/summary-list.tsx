import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';

/** The share of the list's width its values always keep, however long the labels are. */
export const SUMMARY_VALUE_MIN = '40%';

/**
 * A read-only label / value list (a description list), as the review sections show their values. The values line
 * up in one column after the longest label (at least `labelWidth` px), so a long label does not push its value out
 * of line. The value column never gets less than SUMMARY_VALUE_MIN of the width: with `minmax(0, 1fr)` the labels'
 * column took all of a narrow box first and the values printed one character per line. Values wrap at word
 * boundaries; only a word longer than the column is broken.
 */
export function SummaryList({ rows, labelWidth = 260 }: { rows: [string, string][]; labelWidth?: number }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: `minmax(min(${labelWidth}px, 40%), max-content) minmax(${SUMMARY_VALUE_MIN}, 1fr)`,
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>
            {value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
