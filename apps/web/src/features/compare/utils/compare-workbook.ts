import { safeCellValue, type ComparedPlan } from '@predict/shared';
import type { Worksheet } from 'exceljs';
import { loadExcelJs } from '@/lib/load-exceljs';
import {
  COMPARE_SECTIONS,
  SECTION_ROWS,
  SECTION_TITLES,
  type CellKind,
  type CellValue,
  type CompareRow,
} from './compare-rows';

const NUM_FMT: Partial<Record<CellKind, string>> = {
  date: 'dd/mmm/yyyy',
  count: '#,##0',
  decimal1: '#,##0.0',
  decimal2: '#,##0.00',
  percent: '0.0%',
};

/** A value as a cell: dates become real (UTC) dates, text is neutralised (formula injection). */
function cellOf(kind: CellKind, value: CellValue): string | number | Date | null {
  if (value === null) return null;
  if (typeof value === 'string') return safeCellValue(value);
  return kind === 'date' ? new Date(value) : value;
}

function writeRows(sheet: Worksheet, plans: readonly ComparedPlan[], rows: readonly CompareRow[]) {
  const header = sheet.getRow(1);
  header.values = ['', ...plans.map((p) => safeCellValue(p.studyPlanName))];
  header.font = { bold: true };
  rows.forEach((r, i) => {
    const line = sheet.getRow(i + 2);
    line.getCell(1).value = safeCellValue(r.label);
    r.values.forEach((v, j) => {
      const cell = line.getCell(j + 2);
      cell.value = cellOf(r.kind, v);
      const fmt = NUM_FMT[r.kind];
      if (fmt && typeof v === 'number') cell.numFmt = fmt;
    });
  });
  sheet.columns.forEach((column, i) => {
    column.width = i === 0 ? 44 : 24;
  });
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: 1 }];
}

/** The monthly enrollment bands: one row per month of any plan, P10 / P50 / P90 per plan. */
function writeBands(sheet: Worksheet, plans: readonly ComparedPlan[]) {
  sheet.getRow(1).values = [
    'Month',
    ...plans.flatMap((p) => ['P10', 'P50', 'P90'].map((q) => safeCellValue(`${p.studyPlanName} ${q}`))),
  ];
  sheet.getRow(1).font = { bold: true };
  const months = [...new Set(plans.flatMap((p) => p.enrollment?.monthStartMillis ?? []))].sort(
    (a, b) => a - b,
  );
  months.forEach((month, i) => {
    const line = sheet.getRow(i + 2);
    line.getCell(1).value = new Date(month);
    line.getCell(1).numFmt = 'mmm yyyy';
    plans.forEach((p, j) => {
      const k = p.enrollment?.monthStartMillis.indexOf(month) ?? -1;
      if (k < 0) return;
      [p.enrollment!.p10[k], p.enrollment!.p50[k], p.enrollment!.p90[k]].forEach((v, q) => {
        line.getCell(2 + j * 3 + q).value = v ?? null;
      });
    });
  });
  sheet.columns.forEach((column, i) => {
    column.width = i === 0 ? 12 : 18;
  });
}

/**
 * The comparison as xlsx bytes: one sheet per section of the page (Inputs, Milestones, Enrollment and sites, Cost),
 * the probability of LPI by the date typed (when one is) and the monthly enrollment bands.
 */
export async function buildCompareWorkbook(
  plans: readonly ComparedPlan[],
  lpiByDate: CompareRow | null,
): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Predict';
  wb.created = new Date();
  for (const section of COMPARE_SECTIONS)
    writeRows(wb.addWorksheet(SECTION_TITLES[section]), plans, SECTION_ROWS[section](plans));
  if (lpiByDate) writeRows(wb.addWorksheet('LPI by date'), plans, [lpiByDate]);
  writeBands(wb.addWorksheet('Enrollment band'), plans);
  return wb.xlsx.writeBuffer();
}
