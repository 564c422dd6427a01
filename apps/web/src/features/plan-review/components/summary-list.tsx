import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A read-only label / value list (a description list), as the review sections show their values. */
export function SummaryList({ rows, labelWidth = 260 }: { rows: [string, string][]; labelWidth?: number }) {
  return (
    <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
      {rows.map(([label, value]) => (
        <Stack key={label} direction="row" spacing={2}>
          <Typography component="dt" sx={{ fontWeight: 600, minWidth: labelWidth }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
            {value}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
