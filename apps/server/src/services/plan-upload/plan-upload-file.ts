import { sheetErrorPath, sheetErrorText, type ParsedPlan, type SheetError } from '@predict/shared';
import { badRequest, type HttpError } from '../../http-errors';
import { parseXlsxUpload, receiveXlsxUpload } from '../../uploads';

export const SHEET_ERRORS_MESSAGE = 'The spreadsheet has errors; fix them and upload it again.';

/** A 400 listing each sheet error at its cell ('Countries!F3'), with the row/column text the dialog shows. */
export function sheetErrors(errors: readonly SheetError[]): HttpError {
  return badRequest(
    SHEET_ERRORS_MESSAGE,
    errors.map((e) => ({ path: sheetErrorPath(e), message: sheetErrorText(e) })),
  );
}

/**
 * Checks an uploaded plan file (the upload pipeline, src/uploads: name, size, zip structure, macro parts), then
 * inflates and reads it in a worker thread within the upload limits. 400 with each template error by sheet, row
 * and column when the template itself is wrong; with only wrong cells it answers the plan read with those cells
 * empty and their errors, so the caller can check the rest and list everything at once. 400/413/503 from the
 * pipeline's limits.
 */
export async function readUploadedPlan(
  fileName: string,
  fileBase64: string,
): Promise<{ plan: ParsedPlan; errors: SheetError[] }> {
  const file = receiveXlsxUpload(fileName, fileBase64);
  const { plan, errors, partial } = await parseXlsxUpload('plan', file);
  const read = plan ?? partial;
  if (!read) throw sheetErrors(errors);
  return { plan: read, errors };
}

/**
 * Every error of a file in one list: the cells' own errors first, then the later checks' (plan rules, site
 * groups), leaving out a later error at a cell that already has one (an unreadable cell reads as empty) and repeats.
 */
export function allSheetErrors(...lists: (readonly SheetError[])[]): SheetError[] {
  const cells = new Set<string>();
  const seen = new Set<string>();
  const all: SheetError[] = [];
  lists.forEach((list, i) => {
    const before = new Set(cells);
    for (const e of list) {
      const cell = sheetErrorPath(e);
      const key = `${cell}|${e.message}`;
      if ((i > 0 && e.column !== null && before.has(cell)) || seen.has(key)) continue;
      seen.add(key);
      cells.add(cell);
      all.push(e);
    }
  });
  return all;
}
