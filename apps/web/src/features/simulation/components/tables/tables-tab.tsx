import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ResultSets, SimulationRunSettings, StudyPlan } from '@predict/shared';
import { useState } from 'react';
import { SummaryList, overallInputRows, studyDetailRows } from '@/features/plan-review';
import {
  cohortSummaryColumns,
  durationColumns,
  durationConfidenceLine,
  enrollmentColumns,
  isRemodelPlan,
  startupColumns,
  summaryColumns,
  timelineColumns,
} from '../../utils/result-columns';
import { cohortForecastColumns, cohortForecastRows } from '../../utils/cohort-forecast-rows';
import { runSettingsRows } from '../../utils/run-settings-rows';
import { ExportTablesDialog } from '../export/export-tables-dialog';
import { DetailsSection } from './details-section';
import { ResultSection } from './result-section';
import { ResultTable } from './result-table';

const isOverall = (row: { siteGroupName?: string; cohortName?: string }) =>
  (row.siteGroupName ?? row.cohortName) === 'Overall';

/** The Tables tab (spec/1 section 2), with Export Tables. */
export function TablesTab({
  plan,
  sets,
  cohorts,
  settings,
}: {
  plan: StudyPlan;
  sets: Partial<ResultSets>;
  cohorts: boolean;
  /** The run's uncertainty settings (GET /ctpo/results/settings); undefined while they load or when unknown. */
  settings?: SimulationRunSettings | null;
}) {
  const [exporting, setExporting] = useState(false);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<FileDownloadIcon />} onClick={() => setExporting(true)}>
          Export Tables
        </Button>
      </Stack>
      <PlanSummaries plan={plan} settings={settings} />
      <DetailsSection sets={sets} cohorts={cohorts} />
      <SummaryTables plan={plan} sets={sets} cohorts={cohorts} />
      <MilestoneTables sets={sets} />
      {exporting && (
        <ExportTablesDialog
          plan={plan}
          sets={sets}
          cohorts={cohorts}
          settings={settings}
          onClose={() => setExporting(false)}
        />
      )}
    </Stack>
  );
}

/** Study Details and the Parameter Summary (the plan's inputs and the run's uncertainty settings). */
function PlanSummaries({ plan, settings }: { plan: StudyPlan; settings?: SimulationRunSettings | null }) {
  return (
    /*
      Side by side from lg, each half the row: sized by content, a long description took the Study Details box
      to its one-line width and left Parameter Summary a sliver whose values printed one character per line.
    */
    <Stack
      direction={{ xs: 'column', lg: 'row' }}
      spacing={2}
      sx={{ '& > section': { flexGrow: 1, flexBasis: 0 } }}
    >
      <ResultSection title="Study Details">
        <SummaryList rows={studyDetailRows(plan)} labelWidth={200} />
      </ResultSection>
      <ResultSection title="Parameter Summary">
        <SummaryList rows={[...overallInputRows(plan), ...runSettingsRows(settings)]} labelWidth={260} />
      </ResultSection>
    </Stack>
  );
}

/** Summary, and for cohort plans Summary - Cohort and the cohorts' P10 / P50 / P90 dates. */
function SummaryTables({
  plan,
  sets,
  cohorts,
}: {
  plan: StudyPlan;
  sets: Partial<ResultSets>;
  cohorts: boolean;
}) {
  const cohortRows = sets.summaryTableCohort ?? [];
  const forecastRows = cohortForecastRows(cohortRows);
  return (
    <>
      <ResultSection title="Summary">
        <ResultTable
          label="Summary"
          columns={summaryColumns(isRemodelPlan(plan))}
          rows={sets.summaryTable ?? []}
          isTotal={isOverall}
        />
      </ResultSection>
      {cohorts && (
        <ResultSection title="Summary - Cohort">
          <ResultTable
            label="Summary - Cohort"
            columns={cohortSummaryColumns(cohortRows)}
            rows={cohortRows}
            isTotal={isOverall}
          />
        </ResultSection>
      )}
      {cohorts && forecastRows.length > 0 && (
        <ResultSection title="Cohort Dates - P10 / P50 / P90">
          <ResultTable
            label="Cohort Dates - P10 / P50 / P90"
            columns={cohortForecastColumns}
            rows={forecastRows}
          />
        </ResultSection>
      )}
    </>
  );
}

/** The start-up and enrollment milestones and the duration tables. */
function MilestoneTables({ sets }: { sets: Partial<ResultSets> }) {
  const durationLine = durationConfidenceLine(sets.enrollmentTable ?? []);
  return (
    <>
      <ResultSection title="Country Start-up Milestones">
        <ResultTable
          label="Country Start-up Milestones"
          columns={startupColumns}
          rows={sets.startupTable ?? []}
        />
      </ResultSection>
      <ResultSection title="Enrollment Milestones">
        <ResultTable
          label="Enrollment Milestones"
          columns={enrollmentColumns}
          rows={sets.enrollmentTable ?? []}
        />
        {durationLine && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {durationLine}
          </Typography>
        )}
      </ResultSection>
      {/* One above the other: side by side at 1280 px each got half the width and showed only its names. */}
      <ResultSection title="Timeline Durations">
        <ResultTable label="Timeline Durations" columns={timelineColumns} rows={sets.timelineTable ?? []} />
      </ResultSection>
      <ResultSection title="Country Start-up Durations">
        <ResultTable
          label="Country Start-up Durations"
          columns={durationColumns}
          rows={sets.durationTable ?? []}
        />
      </ResultSection>
    </>
  );
}
