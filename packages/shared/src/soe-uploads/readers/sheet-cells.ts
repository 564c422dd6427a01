import { columnLetter } from '../../plan-spreadsheet/template-layout';
import { CURRENCIES, type CurrencyCode } from '../../soe/currencies';
import { restoreText } from '../../export/safe-cell';
import { round2 } from '../../soe/numbers';
import { SOE_LIMITS } from '../../soe/constants';
import { toCellValue, type CellValue } from '../../plan-spreadsheet/read-plan-sheets';

/** The part of an exceljs worksheet the SOE upload readers use (findCell: reading never creates cells). */
export interface UploadSheet {
  readonly name: string;
  readonly rowCount: number;
  readonly columnCount: number;
  findCell(row: number, column: number): { value: unknown } | undefined;
}

/** The part of an exceljs Workbook the readers use. */
export interface UploadWorkbook {
  readonly worksheets: UploadSheet[];
}

const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** A sheet by name, ignoring case and surrounding blanks (people retype sheet names). */
export const findSheet = (workbook: UploadWorkbook, name: string): UploadSheet | undefined =>
  workbook.worksheets.find((s) => fold(s.name) === fold(name));

/** 'Sheet!E5' (1-based row and column), as errors are listed. */
export const cellRef = (sheet: UploadSheet, row: number, column: number) =>
  `${sheet.name}!${columnLetter(column)}${row}`;

export const cellAt = (sheet: UploadSheet, row: number, column: number): CellValue =>
  toCellValue(sheet.findCell(row, column)?.value);

/** A cell as trimmed text ('' when empty); numbers as written. */
export function textAt(sheet: UploadSheet, row: number, column: number): string {
  const raw = cellAt(sheet, row, column);
  if (raw === null) return '';
  if (raw instanceof Date) return raw.toISOString().slice(0, 10);
  return restoreText(String(raw)).trim();
}

/** True when the cell's text is the label (case and inner spacing ignored). */
export const isLabel = (sheet: UploadSheet, row: number, column: number, label: string) =>
  fold(textAt(sheet, row, column)) === fold(label);

/** Text that is a plain amount: digits, optional thousands commas, optional decimals, an optional currency sign. */
const AMOUNT = /^[$€£¥]?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

/**
 * A cost cell as an amount rounded to cents, or null when it cannot be read as one: a number, or text like
 * '1,250.00' or '$80'; negative amounts and amounts above the SOE's cost limit (8 digits) are not costs.
 */
export function costAt(sheet: UploadSheet, row: number, column: number): number | null {
  const raw = cellAt(sheet, row, column);
  let n: number;
  if (typeof raw === 'number') n = raw;
  else if (typeof raw === 'string' && AMOUNT.test(raw.trim()))
    n = Number(
      raw
        .trim()
        .replace(/^[$€£¥]\s*/, '')
        .replace(/,/g, ''),
    );
  else return null;
  if (!Number.isFinite(n) || n < 0) return null;
  const cents = round2(n);
  return cents <= SOE_LIMITS.costMax ? cents : null;
}

/** The first row (from `from`) with the label in one of columns 1..`columns`, or null. */
export function findLabelRow(
  sheet: UploadSheet,
  label: string | readonly string[],
  columns = 4,
  from = 1,
): { row: number; column: number } | null {
  const labels = typeof label === 'string' ? [label] : label;
  for (let r = from; r <= sheet.rowCount; r++)
    for (let c = 1; c <= columns; c++)
      if (labels.some((l) => isLabel(sheet, r, c, l))) return { row: r, column: c };
  return null;
}

const CURRENCY_BY_TEXT = new Map<string, CurrencyCode>(
  CURRENCIES.flatMap((c) => [
    [fold(c.code), c.code],
    [fold(c.name), c.code],
  ]),
);

/** The known currency a cell names by code ('EUR') or name ('Euro'), any case; else null. */
export const currencyOf = (text: string): CurrencyCode | null => CURRENCY_BY_TEXT.get(fold(text)) ?? null;

/** Names compared as people type them: surrounding blanks and case ignored. */
export const nameKey = fold;
