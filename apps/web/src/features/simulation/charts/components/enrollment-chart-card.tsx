import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMemo, useState } from 'react';
import { ENROLLMENT_TITLES } from '../utils/chart-ids';
import { buildEnrollmentOption, hasPeriods, type EnrollmentChartData } from '../utils/enrollment-option';
import { ChartCanvas, type ChartHandle } from './chart-canvas';
import { ChartCard } from './chart-card';

export type Grouping = 'region' | 'siteGroup' | 'cohort';

const GROUPING_LABELS: Record<Grouping, string> = {
  region: 'Region',
  siteGroup: 'Site Group',
  cohort: 'Cohort',
};

interface EnrollmentChartCardProps {
  id: keyof typeof ENROLLMENT_TITLES;
  period: 'MONTH' | 'WEEK';
  /** The chart of each grouping; cohort only for sequential cohort plans (offered when it has periods). */
  charts: { region?: EnrollmentChartData; siteGroup?: EnrollmentChartData; cohort?: EnrollmentChartData };
  chartRef?: (handle: ChartHandle | null) => void;
}

/** Monthly or weekly enrollment with its region / site-group toggle (spec/1 section 2). */
export function EnrollmentChartCard({ id, period, charts, chartRef }: EnrollmentChartCardProps) {
  const [grouping, setGrouping] = useState<Grouping>('region');
  const title = ENROLLMENT_TITLES[id];
  const groupings: Grouping[] = hasPeriods(charts.cohort)
    ? ['region', 'siteGroup', 'cohort']
    : ['region', 'siteGroup'];
  const chart = charts[grouping];
  const option = useMemo(
    () => (hasPeriods(chart) ? buildEnrollmentOption(chart, { title, period }) : null),
    [chart, title, period],
  );
  const unit = period === 'MONTH' ? 'month' : 'week';

  return (
    <ChartCard
      title={title}
      empty={
        option ? undefined : `No ${unit}ly enrollment data by ${GROUPING_LABELS[grouping].toLowerCase()}.`
      }
      actions={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={grouping}
          onChange={(_event, value: Grouping | null) => value && setGrouping(value)}
          aria-label={`${title} grouping`}
        >
          {groupings.map((g) => (
            <ToggleButton key={g} value={g} sx={{ py: 0.25, px: 1.25 }}>
              {GROUPING_LABELS[g]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      {option && (
        <ChartCanvas
          option={option}
          height={440}
          chartRef={chartRef}
          label={`${title} by ${GROUPING_LABELS[grouping].toLowerCase()}: patients screened and enrolled per ${unit}, cumulative enrolled and the forecast band`}
        />
      )}
    </ChartCard>
  );
}
