/**
 * The fit's worker thread (bundled by fit-worker.ts): reads the candidate studies into the engine's completed
 * studies, fits them and cross-validates, posting progress as it goes. Nothing here touches the database.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { fitStudyOf, type FitStudy, type FitStudySource } from './completed-study';
import { computeCalibrationFit, type FitComputeOptions, type FitComputeResult } from './fit-compute';

export interface FitThreadTask {
  sources: FitStudySource[];
  options: Omit<FitComputeOptions, 'onProgress'>;
}

export type FitThreadMessage =
  | { progress: { fraction: number; step: string } }
  | { ok: true; result: FitComputeResult; skipped: { studyId: number; reason: string }[] }
  | { ok: false; message: string };

const post = (m: FitThreadMessage) => parentPort!.postMessage(m);

function run(task: FitThreadTask): void {
  post({ progress: { fraction: 0, step: `Reading ${task.sources.length} studies` } });
  const studies: FitStudy[] = [];
  const skipped: { studyId: number; reason: string }[] = [];
  task.sources.forEach((source, i) => {
    const study = fitStudyOf(source);
    if ('skipped' in study) skipped.push({ studyId: source.studyId, reason: study.skipped });
    else studies.push(study);
    post({
      progress: {
        fraction: (0.1 * (i + 1)) / task.sources.length,
        step: `Reading ${task.sources.length} studies`,
      },
    });
  });
  let last = 0;
  const result = computeCalibrationFit(studies, {
    ...task.options,
    // The likelihood is evaluated hundreds of times: at most 20 messages a second reach the main thread.
    onProgress: (progress) => {
      const now = Date.now();
      if (now - last < 50 && progress.fraction < 1) return;
      last = now;
      post({ progress });
    },
  });
  post({ ok: true, result, skipped });
}

try {
  run((workerData as { fitTask: FitThreadTask }).fitTask);
} catch (error) {
  post({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
