import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComparedPlan } from '@predict/shared';
import { useId } from 'react';
import { DateField } from '@/components/date-field';
import type { CompareRow } from '../utils/compare-rows';
import { CompareTable } from './compare-table';

/**
 * "Probability of LPI by" a typed day, per plan, from each run's P1..P99 of LPI (shared lpiProbabilityBy), so to
 * one percentage point.
 */
export function LpiByDate({
  plans,
  day,
  onDayChange,
  row,
}: {
  plans: readonly ComparedPlan[];
  day: string;
  onDayChange: (day: string) => void;
  row: CompareRow | null;
}) {
  const heading = useId();
  return (
    <Stack spacing={1}>
      <Typography id={heading} variant="subtitle1" component="h3">
        Probability of LPI by a date
      </Typography>
      <DateField
        label="Probability of LPI by"
        value={day}
        onChange={onDayChange}
        size="small"
        sx={{ maxWidth: 260 }}
      />
      <Typography variant="body2" color="text.secondary">
        The share of the run&apos;s LPI percentiles (P1 to P99) on or before the day: to one percentage point.
      </Typography>
      {row && <CompareTable plans={plans} rows={[row]} labelledBy={heading} />}
    </Stack>
  );
}
