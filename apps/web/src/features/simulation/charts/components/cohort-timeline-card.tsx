import type { CohortTimelineRow } from '@predict/shared';
import { useMemo } from 'react';
import { buildCohortTimelineOption, timelineHeight } from '../utils/cohort-timeline-option';
import { ChartCanvas, type ChartHandle } from './chart-canvas';
import { ChartCard } from './chart-card';

interface CohortTimelineCardProps {
  rows: readonly CohortTimelineRow[] | undefined;
  /** 'Timeline Overview' for combination plans, 'Cohorts Timeline' otherwise. */
  title: string;
  chartRef?: (handle: ChartHandle | null) => void;
}

/** The cohort range chart: each cohort's phases on a days-since-project-start axis (spec/1 section 2). */
export function CohortTimelineCard({ rows, title, chartRef }: CohortTimelineCardProps) {
  const option = useMemo(
    () => (rows && rows.length > 0 ? buildCohortTimelineOption(rows, title) : null),
    [rows, title],
  );
  return (
    <ChartCard title={title} empty={option ? undefined : 'No cohort timeline for this simulation.'}>
      {option && rows && (
        <ChartCanvas
          option={option}
          height={timelineHeight(rows)}
          chartRef={chartRef}
          label={`${title}: the phases of each cohort in days since the project start`}
        />
      )}
    </ChartCard>
  );
}
