import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import {
  hasMacroContentType,
  inspectXlsxZip,
  isXlsxFileName,
  PLAN_UPLOAD_MAX_BYTES,
  readPlanSheets,
  sheetErrorPath,
  sheetErrorText,
  workbookSource,
  ZIP_MESSAGES,
  type ParsedPlan,
  type SheetError,
  type ZipEntryInfo,
} from '@predict/shared';
import { badRequest, HttpError } from '../../http-errors';

export const UNREADABLE_WORKBOOK_MESSAGE = 'The file cannot be read as an Excel workbook.';
export const SHEET_ERRORS_MESSAGE = 'The spreadsheet has errors; fix them and upload it again.';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** [Content_Types].xml of a workbook is a few kB; anything far larger is not one. */
const CONTENT_TYPES_MAX = 256 * 1024;

/** A 400 listing each sheet error at its cell ('Countries!F3'), with the row/column text the dialog shows. */
export function sheetErrors(errors: readonly SheetError[]): HttpError {
  return badRequest(
    SHEET_ERRORS_MESSAGE,
    errors.map((e) => ({ path: sheetErrorPath(e), message: sheetErrorText(e) })),
  );
}

/** The decoded file; its size is known from the base64 length before anything is decoded. */
function decode(fileBase64: string): Buffer {
  const text = fileBase64.replace(/\s+/g, '');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if ((text.length * 3) / 4 - padding > PLAN_UPLOAD_MAX_BYTES) throw badRequest(ZIP_MESSAGES.tooLarge);
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw badRequest(ZIP_MESSAGES.notXlsx);
  return Buffer.from(text, 'base64');
}

/** Inflates one entry of the zip, bounded by the size its central directory states. */
function entryText(bytes: Buffer, entry: ZipEntryInfo): string {
  const at = entry.localHeaderOffset;
  if (bytes.readUInt32LE(at) !== 0x04034b50) throw badRequest(ZIP_MESSAGES.corrupt);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  try {
    if (entry.method === 0) return data.toString('utf8');
    if (entry.method !== 8) throw badRequest(ZIP_MESSAGES.corrupt);
    return inflateRawSync(data, { maxOutputLength: entry.uncompressedSize + 1 }).toString('utf8');
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(ZIP_MESSAGES.corrupt);
  }
}

/**
 * Everything checked before the workbook is parsed (issue 6 "Bad input"): the .xlsx name, size, zip signature
 * and central directory (entry count, unpacked size, ratio, macro parts: inspectXlsxZip), and the content types
 * (a macro-enabled workbook renamed to .xlsx). Throws a 400 with a clear message; returns the bytes when fine.
 */
export function checkUploadedFile(fileName: string, fileBase64: string): Buffer {
  if (!isXlsxFileName(fileName)) throw badRequest(ZIP_MESSAGES.extension);
  const bytes = decode(fileBase64);
  const inspection = inspectXlsxZip(bytes);
  if (!inspection.ok) throw badRequest(inspection.message);
  const types = inspection.entries.find((e) => e.name === '[Content_Types].xml')!;
  if (types.uncompressedSize > CONTENT_TYPES_MAX) throw badRequest(ZIP_MESSAGES.bomb);
  if (hasMacroContentType(entryText(bytes, types))) throw badRequest(ZIP_MESSAGES.macros);
  return bytes;
}

/** Parses a checked file with exceljs and reads the template (400 with each error by sheet, row and column). */
export async function parseUploadedPlan(bytes: Buffer): Promise<ParsedPlan> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs' types predate Node's generic Buffer; the bytes are what it expects.
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest(UNREADABLE_WORKBOOK_MESSAGE);
  }
  const { plan, errors } = readPlanSheets(workbookSource(workbook));
  if (!plan) throw sheetErrors(errors);
  return plan;
}
