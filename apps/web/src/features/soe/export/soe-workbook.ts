import { SAMPLING_TABLES, isGridAssessmentType, safeCellValue, type SoeSamplingRow } from '@predict/shared';
import type { Workbook, Worksheet } from 'exceljs';
import { formatLocalIsoDay } from '@/lib/format';
import {
  TOTALS_ROWS,
  assessmentColumns,
  levelAssessmentColumns,
  levelVisitColumns,
  riskColumns,
  visitColumns,
  type AtLevel,
  type Cell,
  type ExportColumn,
} from './soe-export-columns';
import type { SoeExportData, SoeExportLevel } from './soe-export-types';
import { exportFileName } from '@predict/shared';
import { loadExcelJs } from '@/lib/load-exceljs';

/** The sheets of the SOE export, in order (spec/2 section 9). */
export const SOE_EXPORT_SHEETS = [
  'Visits Table',
  'Country Visits Table',
  'Site Visits Table',
  'Assessments Table',
  'Country Assessments Table',
  'Site Assessments Table',
  'SOE Table',
  'Initial Risk Assessment',
  'Visit Sampling Strategy',
] as const;

/** The label of the Initial Risk Assessment total row (spec/2 section 3). */
export const RISK_TOTAL_LABEL = 'Initial Risk Score';

/** Text is neutralised (a leading apostrophe where a program could run it as a formula); numbers pass. */
const cellValue = (value: Cell) => (typeof value === 'string' ? safeCellValue(value) : value);

/** A header row, then one row per item; frozen header, columns fitted to their text. */
function writeTable<R>(sheet: Worksheet, columns: readonly ExportColumn<R>[], rows: readonly R[]) {
  const header = sheet.getRow(1);
  columns.forEach((c, i) => (header.getCell(i + 1).value = cellValue(c.header)));
  header.font = { bold: true };
  rows.forEach((r, at) => {
    const row = sheet.getRow(at + 2);
    columns.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      cell.value = cellValue(c.value(r));
      if (c.numFmt && typeof cell.value === 'number') cell.numFmt = c.numFmt;
    });
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  fitColumns(sheet);
}

function fitColumns(sheet: Worksheet, min = 8, max = 50) {
  sheet.columns.forEach((column) => {
    let width = min;
    column.eachCell?.({ includeEmpty: false }, (cell) => {
      width = Math.max(width, Math.min(max, String(cell.value ?? '').length + 2));
    });
    column.width = width;
  });
}

const bySort =
  <T>(key: (t: T) => number) =>
  (a: T, b: T) =>
    key(a) - key(b);

/** Countries (siteId 1) or sites of the export, each row with its level, in level order then row order. */
function levelRows<R>(
  levels: readonly SoeExportLevel[],
  sites: boolean,
  pick: (l: SoeExportLevel) => readonly R[],
) {
  return levels
    .filter((l) => l.entry.siteGroupId !== 0 && (l.entry.siteId !== 1) === sites)
    .flatMap((l): AtLevel<R>[] => pick(l).map((row) => ({ entry: l.entry, row })));
}

/**
 * SOE Table: the grid's Procedure and Non Procedure rows across the visits. A ticked cell holds its multiplier
 * (1 when none was set); a data-management choice adds ' U' or ' NU'. The totals rows follow when given.
 */
function writeGrid(sheet: Worksheet, data: SoeExportData) {
  const visits = [...data.visits].sort(bySort((v) => v.visitSortOrder));
  const assessments = data.assessments
    .filter((a) => isGridAssessmentType(a.assessmentType))
    .sort(bySort((a) => a.assessmentSortOrder));
  const cells = new Map(
    data.mapping
      .filter((m) => m.mappingAssessmentVisit === 1)
      .map((m) => [`${m.scheduleOfEventsAssessmentId}:${m.scheduleOfEventsVisitId}`, m]),
  );
  const header = sheet.getRow(1);
  ['Assessment Type', 'Assessment Name', ...visits.map((v) => v.visitName)].forEach(
    (text, i) => (header.getCell(i + 1).value = cellValue(text)),
  );
  header.font = { bold: true };
  assessments.forEach((a, r) => {
    const row = sheet.getRow(r + 2);
    row.getCell(1).value = cellValue(a.assessmentType);
    row.getCell(2).value = cellValue(a.assessmentName);
    visits.forEach((v, c) => {
      const m = cells.get(`${a.scheduleOfEventsAssessmentId}:${v.scheduleOfEventsVisitId}`);
      if (!m) return;
      const multiplier = m.multiplier ?? 1;
      const form = m.uniqueNonUniqueForm === 'U' ? 'U' : m.uniqueNonUniqueForm === 'N' ? 'NU' : null;
      row.getCell(c + 3).value = form ? `${multiplier} ${form}` : multiplier;
    });
  });
  if (data.totals) {
    const byName = new Map(data.totals.map((t) => [t.visitName, t]));
    let at = assessments.length + 3;
    for (const total of TOTALS_ROWS) {
      const row = sheet.getRow(at++);
      row.getCell(2).value = total.label;
      row.getCell(2).font = { bold: true };
      visits.forEach((v, c) => {
        const t = byName.get(v.visitName);
        if (!t) return;
        const cell = row.getCell(c + 3);
        cell.value = t[total.key];
        cell.numFmt = total.numFmt;
      });
    }
  }
  sheet.views = [{ state: 'frozen', xSplit: 2, ySplit: 1 }];
  fitColumns(sheet);
}

function writeRisks(sheet: Worksheet, data: SoeExportData) {
  writeTable(sheet, riskColumns, data.risks);
  const total = data.risks.reduce((sum, r) => sum + (r.riskAssessmentRiskScore ?? 0), 0);
  const row = sheet.getRow(data.risks.length + 2);
  row.getCell(1).value = RISK_TOTAL_LABEL;
  row.getCell(3).value = Math.round(total * 10) / 10;
  row.font = { bold: true };
}

const tableTitle = (sort: number) =>
  SAMPLING_TABLES.find((t) => t.tableSort === sort)?.title ?? `Table ${sort}`;

const samplingColumns: ExportColumn<SoeSamplingRow>[] = [
  { header: 'Table', value: (r) => tableTitle(r.tableSort) },
  { header: 'Row', value: (r) => r.rowLabel },
  { header: 'Value 1', value: (r) => r.cellValue1 },
  { header: 'Value 2', value: (r) => r.cellValue2 },
  { header: 'Value 3', value: (r) => r.cellValue3 },
  { header: 'Value 4', value: (r) => r.cellValue4 },
  { header: 'Notes', value: (r) => r.notes },
];

/** Writes the nine sheets of the SOE export into a workbook (pure: no I/O). */
export function writeSoeSheets(wb: Workbook, data: SoeExportData) {
  const [
    visitsT,
    countryVisits,
    siteVisits,
    assessmentsT,
    countryAssessments,
    siteAssessments,
    grid,
    risk,
    sampling,
  ] = SOE_EXPORT_SHEETS.map((name) => wb.addWorksheet(name));
  const levelVisits = (l: SoeExportLevel) => [...l.visits].sort(bySort((v) => v.visitSortOrder));
  const levelAssessments = (l: SoeExportLevel) =>
    [...l.assessments].sort(bySort((a) => a.assessmentSortOrder));
  writeTable(
    visitsT!,
    visitColumns(data.soe.visitIntervalType),
    [...data.visits].sort(bySort((v) => v.visitSortOrder)),
  );
  writeTable(countryVisits!, levelVisitColumns(false), levelRows(data.levels, false, levelVisits));
  writeTable(siteVisits!, levelVisitColumns(true), levelRows(data.levels, true, levelVisits));
  writeTable(
    assessmentsT!,
    assessmentColumns,
    [...data.assessments].sort(bySort((a) => a.assessmentSortOrder)),
  );
  writeTable(
    countryAssessments!,
    levelAssessmentColumns(false),
    levelRows(data.levels, false, levelAssessments),
  );
  writeTable(siteAssessments!, levelAssessmentColumns(true), levelRows(data.levels, true, levelAssessments));
  writeGrid(grid!, data);
  writeRisks(risk!, data);
  writeTable(
    sampling!,
    samplingColumns,
    [...data.sampling].sort((a, b) => a.tableSort - b.tableSort || a.rowSort - b.rowSort),
  );
}

/** The SOE export (spec/2 section 9) as xlsx bytes. */
export async function buildSoeWorkbook(data: SoeExportData): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Predict';
  wb.created = new Date();
  writeSoeSheets(wb, data);
  return wb.xlsx.writeBuffer();
}

/** The export's file name (spec/2 section 9: SOE name, date, study id): `${name}_${YYYY-MM-DD}_${studyId}.xlsx`. */
export function soeExportFileName(soe: { scheduleOfEventsName: string; studyId: number }, now = new Date()) {
  return exportFileName([soe.scheduleOfEventsName, formatLocalIsoDay(now), String(soe.studyId)]);
}
