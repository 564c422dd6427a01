/**
 * A minimal worker-thread pool for the benchmark: one replication range per worker. By default the summaries come
 * back on shared memory and one worker merges them and computes the forecast (the main thread only passes
 * messages); `mainMerge` / `copy` restore the former path (copied summaries merged on the main thread).
 */
import { Worker } from 'node:worker_threads';
import type { PreparedPlan } from '../src/model/prepared-plan';
import { forecastFromSummary, mergeChunkSummaries, type Forecast } from '../src/forecast';
import type { ChunkReply, ChunkRequest, FinishReply } from './bench-worker';

export interface BenchPoolOptions {
  /** Summaries structured-cloned (copied) instead of shared. */
  copy?: boolean;
  /** Merge and final forecast on the main thread instead of a worker. */
  mainMerge?: boolean;
}

export class BenchPool {
  private readonly workers: Worker[];

  /**
   * `bundle`: the worker built as plain JavaScript (bench-build.ts), the usual case. Without it, workers load the
   * TypeScript source through tsx's loader API (execArgv --import does not reach workers on Node 20), which costs
   * about 40-60 MB of memory per worker.
   */
  constructor(
    size: number,
    bundle?: string,
    private readonly options: BenchPoolOptions = {},
  ) {
    const url = new URL('./bench-worker.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); });`;
    this.workers = Array.from({ length: size }, () =>
      bundle ? new Worker(bundle) : new Worker(boot, { eval: true }),
    );
  }

  get size(): number {
    return this.workers.length;
  }

  private ask<R>(worker: Worker, req: ChunkRequest): Promise<R> {
    return new Promise((resolve, reject) => {
      worker.once('message', (reply: R) => resolve(reply));
      worker.once('error', reject);
      worker.postMessage(req);
    });
  }

  /** Each worker's busy time and CPU time (ms) in the last forecast call. */
  busyMs: number[] = [];
  cpuMs: number[] = [];
  /** Main-thread ms of the last call's merge and final forecast (0 when a worker does them). */
  mergeMs = 0;

  /** Splits [0, replications) into one contiguous range per worker; the forecast of their merged summaries. */
  async forecast(plan: PreparedPlan, seed: number, replications: number): Promise<Forecast> {
    const n = this.workers.length;
    const copy = this.options.copy ?? false;
    const cuts = Array.from({ length: n + 1 }, (_, i) => Math.round((i * replications) / n));
    const replies = await Promise.all(
      this.workers.map((w, i) =>
        this.ask<ChunkReply>(w, { kind: 'chunk', plan, seed, from: cuts[i]!, to: cuts[i + 1]!, copy }),
      ),
    );
    this.busyMs = replies.map((r) => r.busyMs);
    this.cpuMs = replies.map((r) => r.cpuMs);
    const summaries = replies.map((r) => r.summary);
    if (this.options.mainMerge) {
      const t0 = performance.now();
      const forecast = forecastFromSummary(mergeChunkSummaries(summaries));
      this.mergeMs = performance.now() - t0;
      return forecast;
    }
    this.mergeMs = 0;
    const reply = await this.ask<FinishReply>(this.workers[0]!, { kind: 'finish', summaries });
    return reply.forecast;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
