import { inspectXlsxZip, isXlsxFileName, ZIP_LIMITS, ZIP_MESSAGES, type ZipEntry } from '@predict/shared';
import { badRequest } from '../http-errors';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The decoded file; its size is known from the base64 length before anything is decoded. */
function decode(fileBase64: string): Buffer {
  const text = fileBase64.replace(/\s+/g, '');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if ((text.length * 3) / 4 - padding > ZIP_LIMITS.maxBytes) throw badRequest(ZIP_MESSAGES.tooLarge);
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw badRequest(ZIP_MESSAGES.notXlsx);
  return Buffer.from(text, 'base64');
}

/**
 * Everything checked on the request's thread before an .xlsx upload is unpacked (cheap: nothing is inflated): the
 * name, the size, and the zip's structure read from both its directory and its local headers (inspectXlsxZip:
 * mismatches, duplicate names, encryption, macro parts, stated sizes and ratios). A 400 with a clear message, or
 * the file and its entries for parseXlsxUpload.
 */
export function receiveXlsxUpload(
  fileName: string,
  fileBase64: string,
): { bytes: Buffer; entries: ZipEntry[] } {
  if (!isXlsxFileName(fileName)) throw badRequest(ZIP_MESSAGES.extension);
  const bytes = decode(fileBase64);
  const inspection = inspectXlsxZip(bytes);
  if (!inspection.ok) throw badRequest(inspection.message);
  return { bytes, entries: inspection.entries };
}
