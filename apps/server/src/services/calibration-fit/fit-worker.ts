import { Worker } from 'node:worker_threads';
import type { FitComputeResult, FitProgress } from './fit-compute';
import type { FitThreadMessage, FitThreadTask } from './fit-thread';
import { threadCode } from '../../thread-code';

/**
 * Runs a fit in a worker thread of its own, never on the API's thread (a portfolio of 100 studies takes a minute
 * of CPU). The thread's code is fit-thread.ts bundled with the engine into one CommonJS script, once per process
 * and kept in memory (as the upload threads are: no TypeScript loader in the thread, no temporary file).
 */

let bundle: Promise<string> | null = null;

/** A fit the engine refused (too few studies, an extract that contradicts its plan): the message says why. */
export class FitRefusedError extends Error {}

export interface FitOutcome {
  result: FitComputeResult;
  skipped: { studyId: number; reason: string }[];
}

/** Runs the task; `onProgress` hears every progress message. Rejects with the thread's message on failure. */
export async function runFitInWorker(
  task: FitThreadTask,
  onProgress: (p: FitProgress) => void,
): Promise<FitOutcome> {
  bundle ??= threadCode('fit-thread').catch((error: unknown) => {
    bundle = null;
    throw error;
  });
  const code = await bundle;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { fitTask: task }, execArgv: [] });
    let settled = false;
    const settle = (then: () => void) => {
      if (settled) return;
      settled = true;
      then();
      void worker.terminate();
    };
    worker.on('message', (m: FitThreadMessage) => {
      if ('progress' in m) onProgress(m.progress);
      else if (m.ok) settle(() => resolve({ result: m.result, skipped: m.skipped }));
      else settle(() => reject(new FitRefusedError(m.message)));
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The fit thread stopped (exit code ${code}).`))),
    );
  });
}
