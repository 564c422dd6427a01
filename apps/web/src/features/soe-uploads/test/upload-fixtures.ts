import { fireEvent, within } from '@testing-library/react';

export const STUDY_ID = 7;
export const SOE_ID = 300;
export const ROUTE = `/ctpo/study-plans/${STUDY_ID}/soe/${SOE_ID}`;

/** Chooses a file through the drop zone's file input (hidden: picked by its test id). */
export function chooseFile(dialog: HTMLElement, file: File) {
  fireEvent.change(within(dialog).getByTestId('xlsx-file-input'), { target: { files: [file] } });
}

/** A file whose name ends in .xlsx (content as given). */
export const xlsxFile = (content: BlobPart = 'xlsx bytes', name = 'costs.xlsx') =>
  new File([content], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

type Row = (string | number | null)[];

/** An .xlsx built with exceljs: one sheet per entry, rows from row 1 (the columns as given). */
export async function workbookFile(sheets: Record<string, Row[]>, name = 'costs.xlsx'): Promise<File> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  for (const [sheet, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(sheet);
    rows.forEach((row, i) => {
      row.forEach((value, c) => {
        if (value !== null) ws.getCell(i + 1, c + 1).value = value;
      });
    });
  }
  const bytes = (await wb.xlsx.writeBuffer()) as ArrayBuffer;
  return xlsxFile(bytes, name);
}

/** A country-cost row: name in column G, cost in column H. */
export const gh = (name: string | null, cost: string | number | null): Row => [
  null,
  null,
  null,
  null,
  null,
  null,
  name,
  cost,
];
