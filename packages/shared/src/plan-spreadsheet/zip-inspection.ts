import { PLAN_UPLOAD_MAX_BYTES } from './parsed-plan-schema';

/**
 * Checks an uploaded .xlsx from its zip central directory alone, before any parser unpacks it (issue 6 "Bad
 * input"): size, zip signature, entry count, total unpacked size and compression ratio (zip bombs), and macro
 * parts (vbaProject.bin, macro sheets, ActiveX). The central directory states each entry's sizes; nothing is
 * inflated here. Pure, so the browser refuses the same files the server does.
 */
export const ZIP_LIMITS = {
  maxBytes: PLAN_UPLOAD_MAX_BYTES,
  maxEntries: 500,
  /** A filled template unpacks to well under 1 MB. */
  maxUnpackedBytes: 50 * 1024 * 1024,
  /** Ratio checked for entries above ratioFloorBytes unpacked (small XML parts compress very well). */
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
} as const;

export const ZIP_MESSAGES = {
  tooLarge: `The file is larger than ${PLAN_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
  empty: 'The file is empty.',
  notXlsx: 'The file is not an Excel workbook (.xlsx).',
  corrupt: 'The file is damaged: its zip directory cannot be read.',
  macros:
    'The file contains macros or ActiveX controls; save it as an Excel Workbook (.xlsx) without macros.',
  tooManyEntries: `The file has too many parts (more than ${ZIP_LIMITS.maxEntries}).`,
  bomb: 'The file unpacks to far more data than a plan spreadsheet holds (a zip bomb?).',
  extension: 'Only .xlsx files are accepted.',
} as const;

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  method: number;
  localHeaderOffset: number;
}

export type ZipInspection = { ok: true; entries: ZipEntryInfo[] } | { ok: false; message: string };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
const MACRO_PART =
  /(^|\/)(vbaProject\.bin|vbaProjectSignature\.bin)$|^xl\/(macrosheets|activeX|dialogsheets)\//i;

export const isXlsxFileName = (name: string) => /\.xlsx$/i.test(name.trim());

function findEndOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - EOCD_MIN;
  const first = Math.max(0, last - MAX_COMMENT);
  for (let at = last; at >= first; at -= 1) if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  return -1;
}

/** Reads and checks the central directory of `bytes` (the whole file). */
export function inspectXlsxZip(bytes: Uint8Array): ZipInspection {
  const fail = (message: string): ZipInspection => ({ ok: false, message });
  if (bytes.byteLength === 0) return fail(ZIP_MESSAGES.empty);
  if (bytes.byteLength > ZIP_LIMITS.maxBytes) return fail(ZIP_MESSAGES.tooLarge);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < EOCD_MIN + 4 || view.getUint32(0, true) !== LOCAL_SIGNATURE)
    return fail(ZIP_MESSAGES.notXlsx);
  const eocd = findEndOfCentralDirectory(view);
  if (eocd < 0) return fail(ZIP_MESSAGES.corrupt);
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  // ZIP64 markers: a 5 MB workbook never needs them; refusing is simpler than trusting them.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return fail(ZIP_MESSAGES.corrupt);
  if (count > ZIP_LIMITS.maxEntries) return fail(ZIP_MESSAGES.tooManyEntries);
  if (offset + size > eocd) return fail(ZIP_MESSAGES.corrupt);

  const entries: ZipEntryInfo[] = [];
  const decoder = new TextDecoder();
  let at = offset;
  let unpacked = 0;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return fail(ZIP_MESSAGES.corrupt);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localHeaderOffset = view.getUint32(at + 42, true);
    if (at + 46 + nameLength > eocd || localHeaderOffset + 30 > offset) return fail(ZIP_MESSAGES.corrupt);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (MACRO_PART.test(name)) return fail(ZIP_MESSAGES.macros);
    unpacked += uncompressedSize;
    if (unpacked > ZIP_LIMITS.maxUnpackedBytes) return fail(ZIP_MESSAGES.bomb);
    if (
      uncompressedSize > ZIP_LIMITS.ratioFloorBytes &&
      uncompressedSize / Math.max(compressedSize, 1) > ZIP_LIMITS.maxRatio
    )
      return fail(ZIP_MESSAGES.bomb);
    entries.push({ name, compressedSize, uncompressedSize, method, localHeaderOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) return fail(ZIP_MESSAGES.notXlsx);
  return { ok: true, entries };
}

/** Content types that mark a macro-enabled workbook (.xlsm / .xltm) or VBA parts. */
export const hasMacroContentType = (contentTypesXml: string) =>
  /macroEnabled|vbaProject|ms-office\.activeX/i.test(contentTypesXml);
