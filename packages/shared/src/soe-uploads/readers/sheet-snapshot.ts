import type { CellValue } from '../../plan-spreadsheet/read-plan-sheets';
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
