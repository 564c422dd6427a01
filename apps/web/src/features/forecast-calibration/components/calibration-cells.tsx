import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CalibrationCountScore, CalibrationDateScore } from '@predict/shared';
import type { ColumnHelper } from '@tanstack/react-table';
import { EMPTY, formatDate } from '@/lib/format';
import { capitalised, pitText } from '../utils/calibration-format';

/** Where an actual fell: a miss is filled red (the list's highlight), inside outlined green. */
export function OutcomeChip({ outcome }: { outcome: string }) {
  const inside = outcome === 'inside';
  return (
    <Chip
      label={capitalised(outcome)}
      size="small"
      color={inside ? 'success' : 'error'}
      variant={inside ? 'outlined' : 'filled'}
    />
  );
}

const line = (label: string, ms: number | null) => `${label} ${formatDate(ms, EMPTY)}`;

/** A forecast's P10 / P50 / P90 dates, one a line. */
export function ForecastCell({ score }: { score: CalibrationDateScore }) {
  return (
    <Stack sx={{ lineHeight: 1.5 }}>
      <span>{line('P10', score.p10)}</span>
      <span>{line('P50', score.p50)}</span>
      <span>{line('P90', score.p90)}</span>
    </Stack>
  );
}

/** The actual date with its PIT and where it fell; '—' for a milestone the record cannot score. */
export function ActualCell({ score }: { score: CalibrationDateScore }) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <span>{formatDate(score.actualMillis, EMPTY)}</span>
      {score.outcome ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <OutcomeChip outcome={score.outcome} />
          <Typography variant="caption" color="text.secondary">{`PIT ${pitText(score.pit)}`}</Typography>
        </Stack>
      ) : (
        <Typography variant="caption" color="text.secondary">
          not scored
        </Typography>
      )}
    </Stack>
  );
}

/** Sites activated at month 12: the actual count against the record's P10-P90. */
export function SitesCell({ score }: { score: CalibrationCountScore | null }) {
  if (!score) return <>{EMPTY}</>;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <span>{`${score.actual} (P10–P90 ${score.p10}–${score.p90})`}</span>
      <OutcomeChip outcome={score.outcome} />
    </Stack>
  );
}

/** A milestone's two columns of a scored list: the forecast's P10 / P50 / P90, then the actual and where it fell. */
export function dateScoreColumns<T>(
  helper: ColumnHelper<T>,
  milestone: 'fpi' | 'lpi',
  scoreOf: (row: T) => CalibrationDateScore,
) {
  const label = milestone.toUpperCase();
  return [
    helper.display({
      id: `${milestone}Forecast`,
      header: `${label} forecast`,
      cell: (c) => <ForecastCell score={scoreOf(c.row.original)} />,
    }),
    helper.display({
      id: `${milestone}Actual`,
      header: `${label} actual`,
      cell: (c) => <ActualCell score={scoreOf(c.row.original)} />,
    }),
  ];
}
