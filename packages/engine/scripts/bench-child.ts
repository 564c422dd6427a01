/**
 * One workload of the benchmark (scripts/bench.ts), in its own process so that peak memory is per workload:
 * analytic path, replications on this thread (simulation + summary), the same on a pool of worker threads (each
 * summarizes its range, summaries merged; the forecast checked deep-equal to the single-thread one), peak RSS and speed-up. Prints one JSON line (BenchResult).
 * bench.ts runs it as a plain JavaScript bundle (bench-build.ts), so the process loads no TypeScript loader, and
 * passes the PreparedPlan as a JSON file, so the process holds only the forecast side (input parsing and the
 * plan line belong to the input side's benchmark).
 *
 * Arguments: <workload> --plan <file.json> --source <label> --replications N --workers N [--worker-bundle <file>]
 *   [--copy-summaries] [--merge-on-main] (the former path: summaries copied, merged on the main thread)
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { analyticMilestones } from '../src/analytic';
import { runReplications, summarizeForecast } from '../src/forecast';
import type { PreparedPlan } from '../src/model/prepared-plan';
import { threadCpuMs } from './bench-cpu';
import { BenchPool } from './bench-pool';

/** What one workload's run reports (times in ms, memory in MB). */
export interface BenchResult {
  workload: string;
  source: string;
  sites: number;
  patients: number;
  replications: number;
  analyticMs: number;
  singleMs: number;
  summarizeMs: number;
  repsPerSecond: number;
  peakRssMbSingle: number;
  workers: number;
  workersMs: number;
  /** Each worker's busy time and CPU time (simulation + its chunk summary, ms). */
  workerBusyMs: number[];
  workerCpuMs: number[];
  /** CPU time of this thread for the single-thread simulation + summary (ms). */
  singleCpuMs: number;
  speedUp: number;
  /**
   * Main thread, per chunk (one per worker): event-loop active ms while the pool ran, i.e. receiving the summaries
   * (deserialization), and merging them with the final forecast when the main thread does that (--merge-on-main),
   * divided by the chunks; mainMergeMs is that merge and final forecast over the whole run.
   */
  mainMsPerChunk: number;
  mainMergeMs: number;
  mergedEqual: boolean;
  peakRssMbAll: number;
  lpiP50: number | null;
}

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const maxRssMb = (): number => process.resourceUsage().maxRSS / 1024;

/** Simulation and summary on this thread (ms); the raw chunk (31 MB for W2) is garbage once this returns. */
function singleThread(plan: PreparedPlan, seed: number, replications: number) {
  const t0 = performance.now();
  const chunk = runReplications(plan, { seed, from: 0, to: replications });
  const t1 = performance.now();
  const forecast = summarizeForecast(chunk);
  const t2 = performance.now();
  return { forecast, simulateMs: t1 - t0, summarizeMs: t2 - t1 };
}

/** Runs workload `name`: analytic, single thread, then `workers` worker threads. */
export async function runWorkload(name: string, replications: number, workers: number): Promise<BenchResult> {
  const plan = JSON.parse(readFileSync(arg('plan')!, 'utf8')) as PreparedPlan;
  const source = arg('source') ?? 'built-in';
  const seed = 20250106;
  // Analytic: best of 5 after a warm-up (what-if previews call it repeatedly).
  analyticMilestones(plan);
  let analyticMs = Infinity;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    analyticMilestones(plan);
    analyticMs = Math.min(analyticMs, performance.now() - t);
  }
  summarizeForecast(runReplications(plan, { seed: seed + 1, from: 0, to: 200 })); // JIT warm-up of both steps
  const c0 = threadCpuMs();
  const { forecast: single, simulateMs, summarizeMs } = singleThread(plan, seed, replications);
  const singleCpuMs = threadCpuMs() - c0;
  const singleMs = simulateMs + summarizeMs;
  const peakRssMbSingle = maxRssMb();
  // The single-thread chunk is garbage now; collect it before the pool phase (bench.ts passes --expose-gc) so the
  // peak RSS of that phase is not inflated by 31 MB that only awaits a major GC.
  (globalThis as { gc?: () => void }).gc?.();

  const pool = new BenchPool(workers, arg('worker-bundle'), {
    copy: process.argv.includes('--copy-summaries'),
    mainMerge: process.argv.includes('--merge-on-main'),
  });
  await pool.forecast(plan, seed + 1, 200 * workers); // start-up and JIT warm-up of the workers (and the merge)
  // The main thread's share of the pool run: receiving the summaries (deserialization), merging them and the final
  // forecast when it does them, as event-loop active time (idle while the workers simulate).
  const elu0 = performance.eventLoopUtilization();
  const t3 = performance.now();
  const merged = await pool.forecast(plan, seed, replications);
  const t4 = performance.now();
  const mainActiveMs = performance.eventLoopUtilization(elu0).active;
  await pool.close();
  return {
    workload: name,
    source,
    sites: plan.groups.reduce((n, g) => n + g.activationOffsets.length, 0),
    patients: plan.targetEnrolled,
    replications,
    analyticMs,
    singleMs,
    summarizeMs,
    repsPerSecond: replications / (singleMs / 1000),
    peakRssMbSingle,
    workers,
    workersMs: t4 - t3,
    workerBusyMs: pool.busyMs,
    workerCpuMs: pool.cpuMs,
    singleCpuMs,
    speedUp: singleMs / (t4 - t3),
    mainMsPerChunk: mainActiveMs / pool.size,
    mainMergeMs: pool.mergeMs,
    mergedEqual: isDeepStrictEqual(merged, single),
    peakRssMbAll: maxRssMb(),
    lpiP50: single.milestones.lpi.quantiles[1] ?? null,
  };
}

const name = process.argv[2];
if (name !== undefined && !name.startsWith('--')) {
  const result = await runWorkload(
    name,
    Number(arg('replications') ?? '10000'),
    Number(arg('workers') ?? '2'),
  );
  process.stdout.write(JSON.stringify(result) + '\n');
}
