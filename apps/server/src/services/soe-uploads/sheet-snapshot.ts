import type ExcelJS from 'exceljs';
import { toCellValue, type CellValue } from '@predict/shared';
import type { UploadSheet, UploadWorkbook } from './sheet-cells';

/**
 * A worksheet's values as plain data (rows[r - 1][c - 1]): what an SOE upload's worker parser hands back (by
 * structured clone) so that the readers, which need the SOE's visit and assessment names, run on the request's
 * side. Only the sheets and cells a reader looks at are copied.
 */
export interface SheetSnapshot {
  name: string;
  rowCount: number;
  columnCount: number;
  rows: (CellValue[] | null)[];
}

export interface SnapshotScope {
  /** Which sheets to copy (all when omitted). */
  sheet?: (name: string, index: number, all: readonly string[]) => boolean;
  /** Last row copied. */
  maxRow?: number;
  /** Columns copied (all when omitted). */
  columns?: readonly number[];
}

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

/** The readers' view of snapshots. */
export function snapshotSource(sheets: readonly SheetSnapshot[]): UploadWorkbook {
  return {
    worksheets: sheets.map((s): UploadSheet => ({
      name: s.name,
      rowCount: s.rowCount,
      columnCount: s.columnCount,
      findCell: (row, column) => {
        const value = s.rows[row - 1]?.[column - 1];
        return value === undefined || value === null ? undefined : { value };
      },
    })),
  };
}
