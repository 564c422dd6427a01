import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ResultSets } from '@predict/shared';
import { useState, type ReactNode } from 'react';
import { detailsVariant, type DetailsPeriod } from '../../utils/details-rows';
import { DetailsTable } from './details-table';
import { ResultSection } from './result-section';

function Toggle<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly [T, ReactNode][];
  onChange: (value: T) => void;
}) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label={label}
      onChange={(_, v: T | null) => {
        if (v !== null) onChange(v);
      }}
    >
      {options.map(([v, text]) => (
        <ToggleButton key={v} value={v}>
          {text}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/**
 * The details tables (spec/1 section 2): monthly or weekly, cumulative or non-cumulative, and for sequential cohort
 * plans by country or by cohort.
 */
export function DetailsSection({ sets, cohorts }: { sets: Partial<ResultSets>; cohorts: boolean }) {
  const [period, setPeriod] = useState<DetailsPeriod>('MONTH');
  const [mode, setMode] = useState<'cumulative' | 'non-cumulative'>('cumulative');
  const [by, setBy] = useState<'country' | 'cohort'>('country');
  const variant = detailsVariant(period, mode === 'cumulative');
  const byCohort = cohorts && by === 'cohort';
  const table = sets[byCohort ? variant.cohortSet : variant.set];
  const label = `Details ${byCohort ? 'by cohort ' : ''}${variant.label}`;

  return (
    <ResultSection title="Details">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Toggle
          label="Period"
          value={period}
          options={[
            ['MONTH', 'Monthly'],
            ['WEEK', 'Weekly'],
          ]}
          onChange={setPeriod}
        />
        <Toggle
          label="Counting"
          value={mode}
          options={[
            ['cumulative', 'Cumulative'],
            ['non-cumulative', 'Non-Cumulative'],
          ]}
          onChange={setMode}
        />
        {cohorts && (
          <Toggle
            label="Rows"
            value={by}
            options={[
              ['country', 'By Country'],
              ['cohort', 'By Cohort'],
            ]}
            onChange={setBy}
          />
        )}
      </Stack>
      {table ? (
        // key: another table starts on its first page of periods.
        <DetailsTable key={label} table={table} label={label} />
      ) : (
        <Typography color="text.secondary">This table is not available.</Typography>
      )}
    </ResultSection>
  );
}
