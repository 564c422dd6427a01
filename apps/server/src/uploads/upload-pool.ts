import { Worker } from 'node:worker_threads';
import { ZIP_MESSAGES, type ZipEntry } from '@predict/shared';
import { badRequest, HttpError } from '../http-errors';
import { UPLOAD_LIMITS, type UploadLimits } from './upload-limits';
import type { UploadKind, UploadResult } from './upload-parsers';
import type { ThreadMessage, UploadAnswer, UploadTask } from './upload-thread';
import { threadCode } from '../thread-code';

/** How long a thread may take to load its code before the server counts as overloaded. */
const STARTUP_MS = 30_000;

let bundle: Promise<string> | null = null;

/**
 * At most `concurrency` parses at once; at most `maxWaiting` waiting for a slot; beyond that 503. Not piscina (the
 * engine's pool): every upload gets a fresh worker that exits after it, so the memory of a hostile workbook's model
 * (up to the resource limits) is released at once and nothing of one user's file outlives the request, while
 * piscina keeps its workers for reuse and loads its task from a file. What remains of a pool is this count.
 */
class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  async acquire(limits: UploadLimits): Promise<void> {
    if (this.running < limits.concurrency) {
      this.running += 1;
      return;
    }
    if (this.waiting.length >= limits.maxWaiting) throw new HttpError(503, ZIP_MESSAGES.busy);
    // The slot passes straight from the releasing parse to this one.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}

const slots = new Slots();
let liveWorkers = 0;

/** Upload worker threads alive now (at most UPLOAD_LIMITS.concurrency). */
export const uploadWorkersAlive = () => liveWorkers;

/** Runs one task in a worker of its own; settles when the worker has exited (its memory is released). */
function runWorker(code: string, task: UploadTask, limits: UploadLimits): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: { uploadTask: task },
      transferList: [task.bytes.buffer as ArrayBuffer],
      // The bundle is plain JavaScript: no tsx loader (or test runner hooks) in the thread.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
        stackSizeMb: limits.stackSizeMb,
      },
    });
    liveWorkers += 1;
    let outcome: (() => void) | null = null;
    const settle = (then: () => void) => {
      if (outcome) return;
      outcome = then;
      clearTimeout(timer);
      void worker.terminate();
    };
    // Loading the thread's code (a few hundred ms, seconds on a starved machine) does not depend on the file: the
    // time limit starts when the thread is ready to read it; a start slower than STARTUP_MS means an overloaded
    // server (503).
    let timer = setTimeout(() => settle(() => reject(new HttpError(503, ZIP_MESSAGES.busy))), STARTUP_MS);
    worker.on('message', (message: ThreadMessage) => {
      if ('ready' in message) {
        if (outcome) return;
        clearTimeout(timer);
        timer = setTimeout(() => settle(() => reject(badRequest(ZIP_MESSAGES.tooSlow))), limits.timeoutMs);
      } else settle(() => resolve(message));
    });
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new HttpError(413, ZIP_MESSAGES.tooBigToProcess)
            : error,
        ),
      ),
    );
    worker.once('exit', (code) => {
      liveWorkers -= 1;
      settle(() => reject(new Error(`The upload thread stopped (exit code ${code}).`)));
      outcome!();
    });
  });
}

/**
 * Inflates and parses a scanned .xlsx upload (inspectXlsxZip) in a worker thread with the upload limits: a 400
 * with the refusal's message (size lies, macro content types, unreadable workbook), 400 after the time limit,
 * 413 beyond the memory limit, 503 when too many uploads are in progress. `limits` lets tests lower them.
 */
export async function parseXlsxUpload<K extends UploadKind>(
  kind: K,
  file: { bytes: Uint8Array; entries: ZipEntry[] },
  limits: UploadLimits = UPLOAD_LIMITS,
): Promise<UploadResult<K>> {
  await slots.acquire(limits);
  try {
    bundle ??= threadCode('upload-thread').catch((error: unknown) => {
      bundle = null;
      throw error;
    });
    // A copy the worker owns (transferred, not cloned again): the request keeps its own bytes.
    const task: UploadTask = {
      kind,
      bytes: new Uint8Array(file.bytes),
      entries: file.entries,
      budget: limits.unpackedBytes,
    };
    const answer = await runWorker(await bundle, task, limits);
    if (!answer.ok) throw badRequest(answer.message);
    return answer.value as UploadResult<K>;
  } finally {
    slots.release();
  }
}
