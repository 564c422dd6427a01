/** A minimal worker-thread pool for the benchmark: one replication range per worker, chunks merged in order. */
import { Worker } from 'node:worker_threads';
import type { PreparedPlan } from '../src/model/prepared-plan';
import { mergeChunks, type ForecastChunk } from '../src/forecast';

export class BenchPool {
  private readonly workers: Worker[];

  constructor(size: number) {
    const url = new URL('./bench-worker.ts', import.meta.url).href;
    // Workers load TypeScript through tsx's loader API (execArgv --import does not reach workers on Node 20).
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); });`;
    this.workers = Array.from({ length: size }, () => new Worker(boot, { eval: true }));
  }

  get size(): number {
    return this.workers.length;
  }

  private run(
    worker: Worker,
    plan: PreparedPlan,
    seed: number,
    from: number,
    to: number,
  ): Promise<ForecastChunk> {
    return new Promise((resolve, reject) => {
      worker.once('message', (chunk: ForecastChunk) => resolve(chunk));
      worker.once('error', reject);
      worker.postMessage({ plan, seed, from, to });
    });
  }

  /** Splits [0, replications) into one contiguous range per worker and merges the results. */
  async forecast(plan: PreparedPlan, seed: number, replications: number): Promise<ForecastChunk> {
    const n = this.workers.length;
    const cuts = Array.from({ length: n + 1 }, (_, i) => Math.round((i * replications) / n));
    const chunks = await Promise.all(
      this.workers.map((w, i) => this.run(w, plan, seed, cuts[i]!, cuts[i + 1]!)),
    );
    return mergeChunks(chunks);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
