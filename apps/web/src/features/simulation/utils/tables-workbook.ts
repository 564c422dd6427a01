import type { ResultSets, SimulationRunSettings, StudyPlan } from '@predict/shared';
import type { Workbook } from 'exceljs';
import { overallInputRows, studyDetailRows } from '@/features/plan-review';
import { exportOptions, type ExportOptionId } from './export-options';
import { runSettingsRows } from './run-settings-rows';
import {
  cohortSummaryColumns,
  durationColumns,
  enrollmentColumns,
  isRemodelPlan,
  startupColumns,
  summaryColumns,
  timelineColumns,
  type RawCell,
} from './result-columns';
import { fitColumns, writeDetails, writeKeyValues, writeTable } from './sheet-writers';
import { loadExcelJs } from '@/lib/load-exceljs';

/** The milestones of the Proposal Report: when the study starts, enrolls and ends. */
const PROPOSAL_MILESTONES = [
  'First Site Initiated',
  'First Patient In',
  'Last Patient In',
  'Last Patient Last Visit',
];

type Sets = Partial<ResultSets>;
type Settings = SimulationRunSettings | null | undefined;

/**
 * Combined Report: everything a reader needs on one sheet - study details, parameter summary, the summary table,
 * the enrollment milestones with their P10/P50/P90 dates, the country start-up milestones and the timeline.
 */
function writeCombined(wb: Workbook, label: string, plan: StudyPlan, sets: Sets, settings: Settings) {
  const sheet = wb.addWorksheet(label);
  writeKeyValues(sheet, 'Study Details', studyDetailRows(plan));
  // The plan's inputs and the uncertainty settings the run used, as the Tables tab shows them.
  writeKeyValues(sheet, 'Parameter Summary', [...overallInputRows(plan), ...runSettingsRows(settings)]);
  writeTable(sheet, 'Summary', summaryColumns(isRemodelPlan(plan)), sets.summaryTable ?? []);
  writeTable(sheet, 'Enrollment Milestones', enrollmentColumns, sets.enrollmentTable ?? []);
  writeTable(sheet, 'Country Start-up Milestones', startupColumns, sets.startupTable ?? []);
  writeTable(sheet, 'Timeline Durations', timelineColumns, sets.timelineTable ?? []);
  fitColumns(sheet);
}

/**
 * Proposal Report: the figures a proposal quotes - the study, the Overall row's sites, patients, rates and
 * enrollment duration, the key milestones with their P10/P50/P90 dates, and the study timeline.
 */
function writeProposal(wb: Workbook, label: string, plan: StudyPlan, sets: Sets) {
  const sheet = wb.addWorksheet(label);
  writeKeyValues(sheet, 'Study', [
    ['Project ID', plan.projectId],
    ['Study Name', plan.studyName],
    ['Sponsor', plan.sponsorName],
    ['Study Plan Name', plan.studyPlanName],
    ['Type', plan.studyPlanTypeDetail],
    ['Status', plan.scenarioStatus],
    ['Version', plan.studyPlanVersion],
  ]);
  const overall = sets.summaryTable?.find((r) => r.siteGroupName === 'Overall');
  if (overall) {
    const figures: [string, RawCell][] = [
      ['Number of Activated Sites', overall['Number of Activated Sites']],
      ['Number of Patients Screened', overall['Number of Patients Screened']],
      ['Number of Patients Enrolled', overall['Number of Patients Enrolled']],
      ['Number of Patients Completing Treatment', overall['Number of Patients Completing Treatment']],
      ['Enrollment Rate (patients/site/month)', overall['Enrollment Rate']],
      ['Screen Fail Rate', overall['Screen Fail Rate']],
      ['Drop Out Rate', overall['Drop Out Rate']],
      ['Enrollment Duration (months)', overall['Enrollment Duration']],
    ];
    writeKeyValues(sheet, 'Key Figures', figures);
  }
  const milestones = (sets.enrollmentTable ?? []).filter((r) => PROPOSAL_MILESTONES.includes(r.SortName));
  const [name, date, , , , , , p10, p50, p90] = enrollmentColumns;
  writeTable(sheet, 'Key Milestones', [name!, date!, p10!, p50!, p90!], milestones);
  writeTable(sheet, 'Timeline Durations', timelineColumns, sets.timelineTable ?? []);
  fitColumns(sheet);
}

function writeOption(
  wb: Workbook,
  id: ExportOptionId,
  label: string,
  plan: StudyPlan,
  sets: Sets,
  settings: Settings,
) {
  switch (id) {
    case 'combinedReport':
      return writeCombined(wb, label, plan, sets, settings);
    case 'proposalReport':
      return writeProposal(wb, label, plan, sets);
    case 'summaryCohort': {
      const sheet = wb.addWorksheet(label);
      const rows = sets.summaryTableCohort ?? [];
      writeTable(sheet, null, cohortSummaryColumns(rows), rows);
      return fitColumns(sheet);
    }
    case 'timelineDurations': {
      const sheet = wb.addWorksheet(label);
      writeTable(sheet, null, timelineColumns, sets.timelineTable ?? []);
      return fitColumns(sheet);
    }
    case 'startupDurations': {
      const sheet = wb.addWorksheet(label);
      writeTable(sheet, null, durationColumns, sets.durationTable ?? []);
      return fitColumns(sheet);
    }
    default: {
      const table = sets[id];
      const sheet = wb.addWorksheet(label);
      if (table) writeDetails(sheet, table);
    }
  }
}

/** The workbook of the ticked options, one sheet each in the dialog's order, as xlsx bytes. */
export async function buildTablesWorkbook(
  plan: StudyPlan,
  sets: Sets,
  selected: ReadonlySet<ExportOptionId>,
  cohorts: boolean,
  settings?: Settings,
): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Predict';
  wb.created = new Date();
  for (const option of exportOptions(cohorts)) {
    if (selected.has(option.id)) writeOption(wb, option.id, option.label, plan, sets, settings);
  }
  return wb.xlsx.writeBuffer();
}
