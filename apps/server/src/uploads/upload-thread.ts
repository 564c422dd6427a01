/**
 * The worker-thread side of an upload (upload-pool.ts starts one per upload, with memory limits, and terminates
 * it at the time limit): inflates every checked part within the byte budget, refuses macro content types and
 * relationships, rebuilds the zip without compression and has exceljs read that, then the kind's parser. Bundled
 * with esbuild before the first upload, like the engine's threads: no thread loads a TypeScript loader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { hasMacroContentType, ZIP_MESSAGES, type ZipEntry } from '@predict/shared';
import { inflateEntry, UploadRefused } from './bounded-inflate';
import { rebuildStoredZip } from './stored-zip';
import { isPartKind, PART_PARSERS, UPLOAD_PARSERS, type UploadKind } from './upload-parsers';

export interface UploadTask {
  kind: UploadKind;
  /** The whole file, already scanned (scanZip) on the request's thread. */
  bytes: Uint8Array;
  entries: ZipEntry[];
  /** Inflated bytes allowed in all. */
  budget: number;
}

export type UploadAnswer = { ok: true; value: unknown } | { ok: false; message: string };
/** The thread says when its code is loaded (the time limit starts then), then answers once. */
export type ThreadMessage = { ready: true } | UploadAnswer;

/** Parts whose text is checked for macro content types and VBA / ActiveX relationships. */
const TYPES_OR_RELATIONSHIPS = /(^|\/)\[content_types\]\.xml$|\.rels$/i;

/**
 * The parts-reader kinds (PART_PARSERS): the same byte budget and macro check as the exceljs path, then the kind
 * inflates only the parts it reads (each within its stated size).
 */
function processParts(task: UploadTask & { kind: keyof typeof PART_PARSERS }): UploadAnswer {
  try {
    const files = task.entries.filter((e) => !e.name.endsWith('/'));
    if (files.reduce((sum, e) => sum + e.uncompressedSize, 0) > task.budget)
      throw new UploadRefused(ZIP_MESSAGES.bomb);
    for (const entry of files)
      if (
        TYPES_OR_RELATIONSHIPS.test(entry.name) &&
        hasMacroContentType(inflateEntry(task.bytes, entry).toString('utf8'))
      )
        throw new UploadRefused(ZIP_MESSAGES.macros);
    return { ok: true, value: PART_PARSERS[task.kind](task.bytes, task.entries) };
  } catch (error) {
    if (error instanceof UploadRefused) return { ok: false, message: error.message };
    // Malformed XML in a value part: the workbook cannot be read.
    return { ok: false, message: ZIP_MESSAGES.unreadable };
  }
}

export async function processUpload(task: UploadTask): Promise<UploadAnswer> {
  if (isPartKind(task.kind)) return processParts({ ...task, kind: task.kind });
  let zip: Buffer;
  try {
    zip = rebuildStoredZip(task.bytes, task.entries, task.budget, (name, data) => {
      if (TYPES_OR_RELATIONSHIPS.test(name) && hasMacroContentType(data.toString('utf8')))
        throw new UploadRefused(ZIP_MESSAGES.macros);
    });
  } catch (error) {
    if (error instanceof UploadRefused) return { ok: false, message: error.message };
    throw error;
  }
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs' types predate Node's generic Buffer; the bytes are what it expects.
    await workbook.xlsx.load(zip as unknown as ArrayBuffer);
  } catch {
    return { ok: false, message: ZIP_MESSAGES.unreadable };
  }
  return { ok: true, value: UPLOAD_PARSERS[task.kind as keyof typeof UPLOAD_PARSERS](workbook) };
}

const task = (workerData as { uploadTask?: UploadTask } | null)?.uploadTask;
if (parentPort && task) {
  const port = parentPort;
  port.postMessage({ ready: true } satisfies ThreadMessage);
  void processUpload(task).then((answer) => port.postMessage(answer satisfies ThreadMessage));
}
