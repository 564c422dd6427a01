import type { SummaryRow } from '@predict/shared';
import { useMemo } from 'react';
import { PATIENTS_BY_GROUP_TITLE } from '../utils/chart-ids';
import { buildPatientsByGroupOption, groupRows } from '../utils/patients-by-group-option';
import { ChartCanvas, type ChartHandle } from './chart-canvas';
import { ChartCard } from './chart-card';

interface PatientsByGroupCardProps {
  summary: readonly SummaryRow[] | undefined;
  chartRef?: (handle: ChartHandle | null) => void;
}

/** Patients By Group: stacked bars per site group with the Enrolled line (spec/1 section 2). */
export function PatientsByGroupCard({ summary, chartRef }: PatientsByGroupCardProps) {
  const hasGroups = groupRows(summary).length > 0;
  const option = useMemo(() => (summary ? buildPatientsByGroupOption(summary) : null), [summary]);
  return (
    <ChartCard
      title={PATIENTS_BY_GROUP_TITLE}
      empty={hasGroups && option ? undefined : 'No patients by site group for this simulation.'}
    >
      {hasGroups && option && (
        <ChartCanvas
          option={option}
          height={380}
          chartRef={chartRef}
          label={`${PATIENTS_BY_GROUP_TITLE}: patients screened, enrolled and completing treatment per site group`}
        />
      )}
    </ChartCard>
  );
}
