/** A minimal worker-thread pool for the benchmark: one replication range per worker, summaries merged in order. */
import { Worker } from 'node:worker_threads';
import type { PreparedPlan } from '../src/model/prepared-plan';
import { mergeChunkSummaries, type ChunkSummary } from '../src/forecast';
import type { ChunkReply } from './bench-worker';

export class BenchPool {
  private readonly workers: Worker[];

  /**
   * `bundle`: the worker built as plain JavaScript (bench-build.ts), the usual case. Without it, workers load the
   * TypeScript source through tsx's loader API (execArgv --import does not reach workers on Node 20), which costs
   * about 40-60 MB of memory per worker.
   */
  constructor(size: number, bundle?: string) {
    const url = new URL('./bench-worker.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); });`;
    this.workers = Array.from({ length: size }, () =>
      bundle ? new Worker(bundle) : new Worker(boot, { eval: true }),
    );
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
  ): Promise<ChunkReply> {
    return new Promise((resolve, reject) => {
      worker.once('message', (reply: ChunkReply) => resolve(reply));
      worker.once('error', reject);
      worker.postMessage({ plan, seed, from, to });
    });
  }

  /** Each worker's busy time and CPU time (ms) in the last forecast call. */
  busyMs: number[] = [];
  cpuMs: number[] = [];

  /** Splits [0, replications) into one contiguous range per worker and merges their summaries (summarizeChunk). */
  async forecast(plan: PreparedPlan, seed: number, replications: number): Promise<ChunkSummary> {
    const n = this.workers.length;
    const cuts = Array.from({ length: n + 1 }, (_, i) => Math.round((i * replications) / n));
    const replies = await Promise.all(
      this.workers.map((w, i) => this.run(w, plan, seed, cuts[i]!, cuts[i + 1]!)),
    );
    this.busyMs = replies.map((r) => r.busyMs);
    this.cpuMs = replies.map((r) => r.cpuMs);
    return mergeChunkSummaries(replies.map((r) => r.summary));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
