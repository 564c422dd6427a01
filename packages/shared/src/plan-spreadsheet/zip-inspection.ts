import { scanZip, type ZipEntry, type ZipRefusal } from '../uploads/zip-scan';
import { PLAN_UPLOAD_MAX_BYTES } from './parsed-plan-schema';

/**
 * Checks an uploaded .xlsx before any parser unpacks it (issue 6 "Bad input", issue 12 item 4): size, zip
 * signature, the central directory and the local headers against each other (scanZip), entry count, total
 * unpacked size and compression ratio (zip bombs), duplicate part names and macro parts (VBA, macro sheets,
 * ActiveX, embedded macro-enabled documents). Nothing is inflated here; the server then inflates every part itself
 * within `maxUnpackedBytes` (apps/server/src/uploads). Pure, so the browser refuses the same files the server does.
 */
export const ZIP_LIMITS = {
  maxBytes: PLAN_UPLOAD_MAX_BYTES,
  maxEntries: 500,
  /** The hard budget of unpacked bytes per upload. A filled template unpacks to well under 1 MB. */
  maxUnpackedBytes: 32 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
} as const;

export const ZIP_MESSAGES = {
  tooLarge: `The file is larger than ${PLAN_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
  empty: 'The file is empty.',
  notXlsx: 'The file is not an Excel workbook (.xlsx).',
  corrupt: 'The file is damaged: its zip directory cannot be read.',
  mismatch: 'The file is damaged or altered: its zip entries do not match its zip directory.',
  duplicateName: 'The file is damaged or altered: it holds two parts with the same name.',
  encrypted: 'The file is encrypted or password-protected; save it without a password.',
  unsupportedMethod: 'The file uses a zip compression Excel does not write; save it again from Excel.',
  macros:
    'The file contains macros or ActiveX controls; save it as an Excel Workbook (.xlsx) without macros.',
  tooManyEntries: `The file has too many parts (more than ${ZIP_LIMITS.maxEntries}).`,
  bomb: 'The file unpacks to far more data than a plan spreadsheet holds (a zip bomb?).',
  extension: 'Only .xlsx files are accepted.',
  /** exceljs could not open a file that passed every check. */
  unreadable: 'The file cannot be read as an Excel workbook.',
  /** The parse ran out of its memory limit (413). */
  tooBigToProcess: 'The file is too large to process.',
  /** The parse ran out of its time limit. */
  tooSlow: 'The file took too long to process.',
  /** Every upload slot is taken and the queue is full (503). */
  busy: 'Too many uploads are being processed; try again shortly.',
} as const;

export type ZipEntryInfo = ZipEntry;

export type ZipInspection = { ok: true; entries: ZipEntry[] } | { ok: false; message: string };

const REFUSAL_MESSAGES: Record<ZipRefusal, string> = {
  empty: ZIP_MESSAGES.empty,
  notZip: ZIP_MESSAGES.notXlsx,
  corrupt: ZIP_MESSAGES.corrupt,
  mismatch: ZIP_MESSAGES.mismatch,
  duplicateName: ZIP_MESSAGES.duplicateName,
  encrypted: ZIP_MESSAGES.encrypted,
  unsupportedMethod: ZIP_MESSAGES.unsupportedMethod,
  tooManyEntries: ZIP_MESSAGES.tooManyEntries,
  bomb: ZIP_MESSAGES.bomb,
};

/**
 * Macro parts wherever they sit (keys are lower case): VBA projects, signatures and data (vba*.bin / vbaData.xml),
 * macro and dialog sheets, ActiveX controls, binary parts under xl/ other than printer settings (OLE objects can
 * carry macros), and embedded macro-enabled Office documents.
 */
const MACRO_PARTS = [
  /(^|\/)vba[^/]*$/,
  /(^|\/)(activex|macrosheets|dialogsheets)\//,
  /^xl\/(?!printersettings\/)(.*\/)?[^/]*\.bin$/,
  /\.(xlsm|xltm|xlam|xlsb|docm|dotm|pptm|potm|ppsm|ppam|sldm)$/,
];

export const isMacroPart = (key: string) => MACRO_PARTS.some((re) => re.test(key));

export const isXlsxFileName = (name: string) => /\.xlsx$/i.test(name.trim());

/** Scans `bytes` (the whole file) and applies the workbook's rules to its parts. */
export function inspectXlsxZip(bytes: Uint8Array): ZipInspection {
  if (bytes.byteLength > ZIP_LIMITS.maxBytes) return { ok: false, message: ZIP_MESSAGES.tooLarge };
  const scan = scanZip(bytes, ZIP_LIMITS);
  if (!scan.ok) return { ok: false, message: REFUSAL_MESSAGES[scan.reason] };
  if (scan.entries.some((e) => isMacroPart(e.key))) return { ok: false, message: ZIP_MESSAGES.macros };
  const keys = new Set(scan.entries.map((e) => e.key));
  if (!keys.has('[content_types].xml') || !keys.has('xl/workbook.xml'))
    return { ok: false, message: ZIP_MESSAGES.notXlsx };
  return { ok: true, entries: scan.entries };
}

/** Content types or relationships that mark a macro-enabled workbook (.xlsm / .xltm), VBA or ActiveX parts. */
export const hasMacroContentType = (xml: string) =>
  /macroEnabled|vbaProject|vbaData|ms-office\.activeX|\/activeX|macrosheet|dialogsheet/i.test(xml);
