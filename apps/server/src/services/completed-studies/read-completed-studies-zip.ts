import {
  COMPLETED_IMPORT_MESSAGES as M,
  COMPLETED_ZIP_LIMITS,
  inspectXlsxZip,
  isMacroPart,
  MANIFEST_FILE,
  readManifest,
  scanZip,
  sheetErrorPath,
  sheetErrorText,
  ZIP_MESSAGES,
  zipPartKey,
  type CompletedStudyImportResult,
  type CompletedStudyReason,
  type ManifestRow,
  type ZipEntry,
  type ZipRefusal,
} from '@predict/shared';
import { badRequest, HttpError } from '../../http-errors';
import { parseXlsxUpload } from '../../uploads';
import { inflateEntry, UploadRefused } from '../../uploads/bounded-inflate';
import { ctmsSheetPath } from '../actuals/upload-ctms-extract';
import { refusedResult, type StudyToImport } from './import-completed-study';

/**
 * The completed-studies zip (docs/api.md, "Completed studies"): manifest.csv at its top level naming per study its
 * plan spreadsheet and its CTMS extract, both .xlsx, anywhere in the zip. Checked before anything is parsed, as
 * every upload: the size, then the zip's structure from its directory and its local headers (scanZip: mismatches,
 * duplicate names, encryption, stated sizes, ratios and the unpacked budget), then that it holds nothing but the
 * manifest and .xlsx files (no macro parts, no other files). Each spreadsheet is then inflated within its stated
 * size, checked as an .xlsx upload (inspectXlsxZip) and parsed in the upload worker (parseXlsxUpload). A file
 * problem refuses the whole upload (400); a study's problem (a bad manifest row, a missing or broken file, sheet
 * errors) refuses only that study, which comes back as its result.
 */

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const REFUSALS: Record<ZipRefusal, string> = {
  empty: ZIP_MESSAGES.empty,
  notZip: M.notZip,
  corrupt: ZIP_MESSAGES.corrupt,
  mismatch: ZIP_MESSAGES.mismatch,
  duplicateName: ZIP_MESSAGES.duplicateName,
  encrypted: ZIP_MESSAGES.encrypted,
  unsupportedMethod: ZIP_MESSAGES.unsupportedMethod,
  tooManyEntries: `The file has too many parts (more than ${COMPLETED_ZIP_LIMITS.maxEntries}).`,
  bomb: 'The file unpacks to far more data than its spreadsheets hold (a zip bomb?).',
};

/** The decoded file; its size is known from the base64 length before anything is decoded. */
function decode(fileBase64: string): Buffer {
  const text = fileBase64.replace(/\s+/g, '');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if ((text.length * 3) / 4 - padding > COMPLETED_ZIP_LIMITS.maxBytes) throw badRequest(M.tooLarge);
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw badRequest(M.notZip);
  return Buffer.from(text, 'base64');
}

/** Everything checked on the request's thread before any part is inflated (see the file comment). */
export function receiveCompletedStudiesZip(fileName: string, fileBase64: string) {
  if (!/\.zip$/i.test(fileName.trim())) throw badRequest(M.extension);
  const bytes = decode(fileBase64);
  const scan = scanZip(bytes, COMPLETED_ZIP_LIMITS);
  if (!scan.ok) throw badRequest(REFUSALS[scan.reason]);
  const files = scan.entries.filter((e) => !e.key.endsWith('/'));
  for (const e of files) {
    if (isMacroPart(e.key)) throw badRequest(ZIP_MESSAGES.macros);
    if (e.key !== MANIFEST_FILE && !e.key.endsWith('.xlsx')) throw badRequest(M.unexpectedEntry(e.name));
  }
  const manifest = files.find((e) => e.key === MANIFEST_FILE);
  if (!manifest) throw badRequest(M.noManifest);
  return { bytes, files, manifest };
}

function inflate(bytes: Uint8Array, entry: ZipEntry): Buffer {
  try {
    return inflateEntry(bytes, entry);
  } catch (error) {
    if (error instanceof UploadRefused) throw badRequest(error.message);
    throw error;
  }
}

/** A spreadsheet of the zip, checked as an upload and parsed in the worker; a refusal names the file. */
async function parseSheet<K extends 'plan' | 'ctms'>(kind: K, name: string, data: Buffer) {
  const inspection = inspectXlsxZip(data);
  if (!inspection.ok) throw new StudyRefusal([{ path: name, message: inspection.message }]);
  try {
    return await parseXlsxUpload(kind, { bytes: data, entries: inspection.entries });
  } catch (error) {
    // One broken or oversized workbook refuses its study; a busy server (503) refuses the upload.
    if (error instanceof HttpError && error.statusCode !== 503)
      throw new StudyRefusal([{ path: name, message: error.message }]);
    throw error;
  }
}

class StudyRefusal extends Error {
  constructor(readonly reasons: CompletedStudyReason[]) {
    super('refused');
  }
}

/** One manifest row's study, read from its two spreadsheets. */
async function readStudy(
  row: ManifestRow,
  bytes: Uint8Array,
  byKey: ReadonlyMap<string, ZipEntry>,
): Promise<StudyToImport> {
  const where = `${MANIFEST_FILE} line ${row.line}`;
  if (!row.identity || row.asOf === null)
    throw new StudyRefusal(row.errors.map((message) => ({ path: where, message })));
  const entry = (name: string) => {
    const e = byKey.get(zipPartKey(name));
    if (!e) throw new StudyRefusal([{ path: where, message: M.missingFile(name) }]);
    return e;
  };
  const planEntry = entry(row.planFile);
  const extractEntry = entry(row.extractFile);
  const read = await parseSheet('plan', row.planFile, inflate(bytes, planEntry));
  const plan = read.plan ?? read.partial;
  const planPath = (cell: string) => `${row.planFile} ${cell}`;
  if (!plan)
    throw new StudyRefusal(
      read.errors.map((e) => ({ path: planPath(sheetErrorPath(e)), message: sheetErrorText(e) })),
    );
  const sheets = await parseSheet('ctms', row.extractFile, inflate(bytes, extractEntry));
  if (sheets.errors.length > 0)
    throw new StudyRefusal(
      sheets.errors.map((e) => ({
        path: `${row.extractFile} ${e.cell ? `${e.sheet}!${e.cell}` : e.sheet}`,
        message: e.message,
      })),
    );
  const cellOf = ctmsSheetPath(sheets);
  return {
    identity: row.identity,
    plan: { ...(row.studyPlanName ? { studyPlanName: row.studyPlanName } : {}), ...plan },
    planSheetErrors: read.errors,
    extract: {
      asOf: row.asOf,
      sites: sheets.sites.map((r) => r.values),
      siteMonths: sheets.siteMonths.map((r) => r.values),
    },
    planPath,
    extractPath: (e) => `${row.extractFile} ${cellOf(e)}`,
  };
}

/** The studies of an uploaded zip: each ready to import, or already refused (see the file comment). */
export async function readCompletedStudiesZip(
  fileName: string,
  fileBase64: string,
): Promise<(StudyToImport | CompletedStudyImportResult)[]> {
  const { bytes, files, manifest } = receiveCompletedStudiesZip(fileName, fileBase64);
  const read = readManifest(inflate(bytes, manifest).toString('utf8'));
  if (!read.ok) throw badRequest(read.message);
  if (read.rows.length === 0) throw badRequest(M.manifestEmpty);
  const byKey = new Map(files.map((e) => [e.key, e]));
  const out: (StudyToImport | CompletedStudyImportResult)[] = [];
  for (const row of read.rows) {
    try {
      out.push(await readStudy(row, bytes, byKey));
    } catch (error) {
      if (error instanceof StudyRefusal) out.push(refusedResult(row, error.reasons));
      else throw error;
    }
  }
  return out;
}
