import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ResultSets, StudyPlan } from '@predict/shared';
import { useMemo, useRef, useState } from 'react';
import {
  CHART_IDS,
  chartExportOptions,
  cohortTimelineTitle,
  hasCohortTimeline,
  type ChartId,
} from '../utils/chart-ids';
import { exportCharts } from '../utils/export-charts';
import { overallRates } from '../utils/overall-rates';
import type { ChartHandle } from './chart-canvas';
import { CohortTimelineCard } from './cohort-timeline-card';
import { EnrollmentChartCard } from './enrollment-chart-card';
import { ExportChartsDialog } from './export-charts-dialog';
import { OverallRatesLine } from './overall-rates-line';
import { PatientsByGroupCard } from './patients-by-group-card';
import { measureLegendText, renderChartImage } from './render-chart-image';

export interface SimulationChartsProps {
  /** The plan (GET /ctpo/plan/{id}): its type decides the cohort timeline, its title and the export options. */
  plan: StudyPlan;
  /** The loaded result sets; a missing or empty set shows its chart's empty state. */
  sets: Partial<ResultSets>;
}

type ChartRefs = Record<ChartId, (handle: ChartHandle | null) => void>;

/** The Charts tab (spec/1 section 2): the Overall rates, the enrollment charts, patients by group, cohort timeline. */
export function SimulationChartsView({ plan, sets }: SimulationChartsProps) {
  const charts = useRef(new Map<ChartId, ChartHandle>());
  const chartRefs = useMemo(
    () =>
      Object.fromEntries(
        CHART_IDS.map((id) => [
          id,
          (handle: ChartHandle | null) => {
            if (handle) charts.current.set(id, handle);
            else charts.current.delete(id);
          },
        ]),
      ) as ChartRefs,
    [],
  );
  const [dialogOpen, setDialogOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const exportOptions = chartExportOptions(plan);

  const startExport = (ids: ChartId[]) => {
    setDialogOpen(false);
    setExporting(true);
    void exportCharts(ids, {
      getChart: (id) => charts.current.get(id)?.getEchartsInstance(),
      render: renderChartImage,
      measure: measureLegendText(),
    }).finally(() => setExporting(false));
  };

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: '1 1 auto' }}>
          <OverallRatesLine rates={overallRates(sets.summaryTable)} />
        </Box>
        <Button
          variant="outlined"
          startIcon={<FileDownloadIcon />}
          disabled={exporting}
          onClick={() => setDialogOpen(true)}
        >
          Export Charts
        </Button>
      </Box>
      <EnrollmentChartCard
        id="MonthlyEnrollment"
        period="MONTH"
        charts={{
          region: sets.regionChartMonthly,
          siteGroup: sets.siteGroupChartMonthly,
          cohort: sets.cohortChartMonthly,
        }}
        chartRef={chartRefs.MonthlyEnrollment}
      />
      <EnrollmentChartCard
        id="WeeklyEnrollment"
        period="WEEK"
        charts={{ region: sets.regionChartWeekly, siteGroup: sets.siteGroupChartWeekly }}
        chartRef={chartRefs.WeeklyEnrollment}
      />
      <PatientsByGroupCard summary={sets.summaryTable} chartRef={chartRefs.PatientsByGroup} />
      {hasCohortTimeline(plan) && (
        <CohortTimelineCard
          rows={sets.cohortTimelineChart}
          title={cohortTimelineTitle(plan)}
          chartRef={chartRefs.CohortsTimeline}
        />
      )}
      <ExportChartsDialog
        open={dialogOpen}
        options={exportOptions}
        onClose={() => setDialogOpen(false)}
        onExport={startExport}
      />
    </Stack>
  );
}
