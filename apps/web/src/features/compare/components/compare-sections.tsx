import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlanComparison } from '@predict/shared';
import { useId, type ReactNode } from 'react';
import { COMPARE_SECTIONS, SECTION_ROWS, SECTION_TITLES, type CompareSectionId } from '../utils/compare-rows';
import { CompareTable } from './compare-table';

function Section({
  id,
  comparison,
  children,
}: {
  id: CompareSectionId;
  comparison: PlanComparison;
  children?: ReactNode;
}) {
  const heading = useId();
  return (
    <Paper component="section" aria-labelledby={heading} sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography id={heading} variant="h6" component="h2">
          {SECTION_TITLES[id]}
        </Typography>
        <CompareTable
          plans={comparison.plans}
          rows={SECTION_ROWS[id](comparison.plans)}
          labelledBy={heading}
        />
        {children}
      </Stack>
    </Paper>
  );
}

/** The four sections of the comparison; `extras` adds content under a section (the LPI-by-date field). */
export function CompareSections({
  comparison,
  extras,
}: {
  comparison: PlanComparison;
  extras: Partial<Record<CompareSectionId, ReactNode>>;
}) {
  return (
    <>
      {COMPARE_SECTIONS.map((id) => (
        <Section key={id} id={id} comparison={comparison}>
          {extras[id]}
        </Section>
      ))}
    </>
  );
}
