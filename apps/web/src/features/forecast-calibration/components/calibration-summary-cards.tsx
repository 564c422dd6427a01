import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CALIBRATION_MILESTONE_LABELS,
  type CalibrationShare,
  type CalibrationSummary,
} from '@predict/shared';
import { intervalText, shareText, studiesText } from '../utils/calibration-format';

function Figure({ label, target, value }: { label: string; target: string; value: CalibrationShare }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {shareText(value)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {intervalText(value)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {`target ${target}`}
      </Typography>
    </Box>
  );
}

/** One milestone's track record: coverage of P10-P90 and share below P50 with their 90% intervals, and n. */
function SummaryCard({ summary }: { summary: CalibrationSummary }) {
  const label = CALIBRATION_MILESTONE_LABELS[summary.milestone];
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {`n = ${studiesText(summary.n)}`}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <Figure label="Inside P10–P90" target="80%" value={summary.coverage} />
        <Figure label="Below P50" target="50%" value={summary.belowMedian} />
      </Box>
    </Paper>
  );
}

/** The summary cards, one per milestone, in a row on wide screens. */
export function CalibrationSummaryCards({ summaries }: { summaries: readonly CalibrationSummary[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: `repeat(${summaries.length}, minmax(0, 1fr))` },
        gap: 2,
      }}
    >
      {summaries.map((s) => (
        <SummaryCard key={s.milestone} summary={s} />
      ))}
    </Box>
  );
}
