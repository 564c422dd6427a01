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
 * and column; 400/413/503 from the pipeline's limits.
 */
export async function readUploadedPlan(fileName: string, fileBase64: string): Promise<ParsedPlan> {
  const file = receiveXlsxUpload(fileName, fileBase64);
  const { plan, errors } = await parseXlsxUpload('plan', file);
  if (!plan) throw sheetErrors(errors);
  return plan;
}
