import { safeCellValue, type DetailsTable } from '@predict/shared';
import type { Worksheet } from 'exceljs';
import { detailsLines } from './details-rows';
import type { CellKind, RawCell, ResultColumn } from './result-columns';

/** Number formats of the export, the screen's formats of spec/1 section 9. */
const NUM_FMT: Record<CellKind, string | undefined> = {
  text: undefined,
  date: 'dd/mmm/yyyy',
  count: '0',
  decimal1: '0.0',
  decimal2: '0.00',
};

/** A raw value as a cell: dates become real (UTC) dates, '##' and text stay text, and text is neutralised. */
export function exportCell(kind: CellKind, value: RawCell): string | number | Date | null {
  if (value === null) return null;
  if (typeof value === 'string') return safeCellValue(value);
  return kind === 'date' ? new Date(value) : value;
}

/** Writes rows below what the sheet holds; returns the next free row after one blank row. */
function nextRow(sheet: Worksheet): number {
  return sheet.rowCount === 0 ? 1 : sheet.rowCount + 2;
}

export function writeTitle(sheet: Worksheet, title: string, at = nextRow(sheet)): number {
  const row = sheet.getRow(at);
  row.getCell(1).value = safeCellValue(title);
  row.font = { bold: true, size: 12 };
  return at + 1;
}

/** A label / value list (study details, parameter summary, key figures). */
export function writeKeyValues(
  sheet: Worksheet,
  title: string,
  rows: readonly (readonly [string, RawCell])[],
) {
  let at = writeTitle(sheet, title);
  for (const [label, value] of rows) {
    const row = sheet.getRow(at++);
    row.getCell(1).value = safeCellValue(label);
    row.getCell(1).font = { bold: true };
    row.getCell(2).value = typeof value === 'string' ? safeCellValue(value) : value;
  }
}

/** A result table with its header row and the columns' number formats. */
export function writeTable<R>(
  sheet: Worksheet,
  title: string | null,
  columns: readonly ResultColumn<R>[],
  rows: readonly R[],
) {
  let at = title === null ? nextRow(sheet) : writeTitle(sheet, title);
  const header = sheet.getRow(at++);
  columns.forEach((c, i) => {
    header.getCell(i + 1).value = safeCellValue(c.header);
  });
  header.font = { bold: true };
  for (const r of rows) {
    const row = sheet.getRow(at++);
    columns.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      cell.value = exportCell(c.kind, c.value(r));
      const fmt = NUM_FMT[c.kind];
      if (fmt && cell.value !== null && typeof cell.value !== 'string') cell.numFmt = fmt;
    });
  }
}

/** A details table: the period dates across, each block's totals and then its countries (or cohorts). */
export function writeDetails(sheet: Worksheet, table: DetailsTable) {
  const header = sheet.getRow(1);
  header.getCell(1).value = table.period === 'MONTH' ? 'Month' : 'Week of';
  table.header_dates_ms.forEach((ms, i) => {
    const cell = header.getCell(i + 2);
    cell.value = new Date(ms);
    cell.numFmt = NUM_FMT.date!;
  });
  header.font = { bold: true };
  detailsLines(table).forEach((line, r) => {
    const row = sheet.getRow(r + 2);
    row.getCell(1).value = safeCellValue(line.label);
    if (line.level === 1) row.getCell(1).alignment = { indent: 1 };
    line.data.forEach((v, i) => {
      row.getCell(i + 2).value = v;
    });
    if (line.level === 0) row.font = { bold: true };
  });
  sheet.getColumn(1).width = 28;
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: 1 }];
}

/** Widens the columns of a table sheet to their longest text (capped). */
export function fitColumns(sheet: Worksheet, min = 10, max = 40) {
  sheet.columns.forEach((column) => {
    let width = min;
    column.eachCell?.({ includeEmpty: false }, (cell) => {
      const text = cell.value instanceof Date ? 'dd/mmm/yyyy' : String(cell.value ?? '');
      width = Math.max(width, Math.min(max, text.length + 2));
    });
    column.width = width;
  });
}
