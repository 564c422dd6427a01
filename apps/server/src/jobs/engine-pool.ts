import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { RUNNING_BUILD } from '../server-files';
import { builtThreadFile, bundleThread } from '../thread-code';
import type { EngineTask, EngineTaskResult } from './engine-thread';

/** Worker threads that run engine tasks (engine-thread.ts). */
export interface EnginePool {
  readonly threads: number;
  run<T extends EngineTask>(task: T): Promise<EngineTaskResult<T>>;
  close(): Promise<void>;
}

/**
 * Starts `threads` worker threads on engine-thread.ts as one plain JavaScript file: the build's
 * (dist/threads/), or bundled into a temporary folder when running from the sources (thread-code.ts).
 */
export async function startEnginePool(threads: number): Promise<EnginePool> {
  const dir = RUNNING_BUILD ? null : await mkdtemp(path.join(tmpdir(), 'predict-engine-'));
  let file = builtThreadFile('engine-thread');
  if (dir) {
    try {
      file = await bundleThread('engine-thread', path.join(dir, 'engine-thread.mjs'));
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }
  const pool = new Piscina({
    filename: pathToFileURL(file).href,
    minThreads: threads,
    maxThreads: threads,
    // Every thread is busy with one task at a time: the queue is the pool's, not the threads'.
    concurrentTasksPerWorker: 1,
  });
  return {
    threads,
    run: (task) => pool.run(task),
    async close() {
      await pool.destroy();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
