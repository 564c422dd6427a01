import {
  cellDateMillis,
  columnLetter,
  CTMS_MESSAGES,
  CTMS_SITE_MONTHS_COLUMNS,
  CTMS_SITE_MONTHS_SHEET,
  CTMS_SITES_COLUMNS,
  CTMS_SITES_SHEET,
  restoreText,
  workbookSource,
  type CellValue,
  type SheetSource,
  type WorkbookLike,
} from '@predict/shared';

/** A sheet error at a cell (row 1-based, column letter), or the whole sheet. */
export interface CtmsSheetError {
  sheet: string;
  cell: string | null;
  message: string;
}

/** The rows of both sheets as plain values keyed by field, each with its sheet row number. */
export interface CtmsSheets {
  sites: { row: number; values: Record<string, unknown> }[];
  siteMonths: { row: number; values: Record<string, unknown> }[];
  errors: CtmsSheetError[];
}

const DATE_KEYS = new Set(['siteSelectedDate', 'siteActivatedDate', 'siteActivationForecastDate']);
const COUNT_KEYS = new Set(['screened', 'enrolled', 'completedTreatment', 'droppedOut', 'completedFollowUp']);
// More rows than an extract may hold are refused by the schemas' limits; reading stops a little after them.
const MAX_ROWS = 200_002;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A cell as the extract's schemas expect it: dates YYYY-MM-DD, months YYYY-MM, counts numbers, text trimmed. */
function valueOf(key: string, raw: CellValue): unknown {
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  if (DATE_KEYS.has(key) || key === 'month') {
    if (key === 'month' && typeof raw === 'string' && /^\s*\d{4}-\d{2}\s*$/.test(raw)) return raw.trim();
    const ms = cellDateMillis(raw);
    if (ms === null) return typeof raw === 'string' ? raw.trim() : String(raw);
    return key === 'month' ? isoDay(ms).slice(0, 7) : isoDay(ms);
  }
  if (COUNT_KEYS.has(key)) {
    if (typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw)) return Number(raw);
    return raw instanceof Date ? raw.toISOString() : raw;
  }
  if (typeof raw === 'number') return String(raw);
  if (raw instanceof Date) return isoDay(raw.getTime());
  return typeof raw === 'string' ? restoreText(raw.trim()) : String(raw);
}

function readSheet(
  source: SheetSource,
  sheet: string,
  columns: readonly { key: string; header: string }[],
  errors: CtmsSheetError[],
) {
  if (!source.hasSheet(sheet)) {
    errors.push({ sheet, cell: null, message: CTMS_MESSAGES.missingSheet });
    return [];
  }
  let headersOk = true;
  columns.forEach((c, i) => {
    const found = source.cell(sheet, 1, i + 1);
    if (typeof found !== 'string' || found.trim().toLowerCase() !== c.header.toLowerCase()) {
      errors.push({
        sheet,
        cell: `${columnLetter(i + 1)}1`,
        message: `${CTMS_MESSAGES.missingHeader} (${c.header})`,
      });
      headersOk = false;
    }
  });
  if (!headersOk) return [];
  const rows: { row: number; values: Record<string, unknown> }[] = [];
  const last = Math.min(source.lastRow(sheet), MAX_ROWS);
  for (let r = 2; r <= last; r++) {
    const cells = columns.map((c, i) => valueOf(c.key, source.cell(sheet, r, i + 1)));
    if (cells.every((v) => v === null)) continue;
    rows.push({ row: r, values: Object.fromEntries(columns.map((c, i) => [c.key, cells[i]])) });
  }
  return rows;
}

/**
 * Reads the CTMS extract template (sheets 'Sites' and 'Site Months', headers in row 1, data from row 2, empty
 * rows skipped) into plain rows for the extract check; a missing sheet or header is an error at its cell. Runs in
 * the upload worker (plain data out).
 */
export function readCtmsSheets(workbook: WorkbookLike): CtmsSheets {
  const source = workbookSource(workbook);
  const errors: CtmsSheetError[] = [];
  const sites = readSheet(source, CTMS_SITES_SHEET, CTMS_SITES_COLUMNS, errors);
  const siteMonths = readSheet(source, CTMS_SITE_MONTHS_SHEET, CTMS_SITE_MONTHS_COLUMNS, errors);
  return { sites, siteMonths, errors };
}
