import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { Piscina } from 'piscina';
import type { EngineTask, EngineTaskResult } from './engine-thread';

/** Worker threads that run engine tasks (engine-thread.ts). */
export interface EnginePool {
  readonly threads: number;
  run<T extends EngineTask>(task: T): Promise<EngineTaskResult<T>>;
  close(): Promise<void>;
}

/**
 * Bundles engine-thread.ts with the engine into one plain JavaScript file (about 0.2 s) and starts `threads`
 * worker threads on it. A thread that loaded the TypeScript sources through tsx would cost 40-60 MB more each.
 */
export async function startEnginePool(threads: number): Promise<EnginePool> {
  const dir = await mkdtemp(path.join(tmpdir(), 'predict-engine-'));
  try {
    await build({
      entryPoints: { 'engine-thread': fileURLToPath(new URL('./engine-thread.ts', import.meta.url)) },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      logLevel: 'warning',
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const pool = new Piscina({
    filename: pathToFileURL(path.join(dir, 'engine-thread.mjs')).href,
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
      await rm(dir, { recursive: true, force: true });
    },
  };
}
