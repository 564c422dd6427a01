import type ExcelJS from 'exceljs';
import { toCellValue, type CellValue, type SheetSnapshot, type SnapshotScope } from '@predict/shared';

/** Copies the values of the chosen sheets of an exceljs workbook. */
export function snapshotWorkbook(workbook: ExcelJS.Workbook, scope: SnapshotScope = {}): SheetSnapshot[] {
  const names = workbook.worksheets.map((ws) => ws.name);
  const wanted = scope.columns ? new Set(scope.columns) : null;
  const maxRow = scope.maxRow ?? Number.MAX_SAFE_INTEGER;
  return workbook.worksheets
    .filter((ws, i) => !scope.sheet || scope.sheet(ws.name, i, names))
    .map((ws) => {
      const rows: (CellValue[] | null)[] = [];
      ws.eachRow({ includeEmpty: false }, (row, r) => {
        if (r > maxRow) return;
        const values: CellValue[] = [];
        row.eachCell({ includeEmpty: false }, (cell, c) => {
          if (!wanted || wanted.has(c)) values[c - 1] = toCellValue(cell.value);
        });
        rows[r - 1] = values;
      });
      return {
        name: ws.name,
        rowCount: Math.min(ws.rowCount, maxRow),
        columnCount: ws.columnCount,
        rows,
      };
    });
}
