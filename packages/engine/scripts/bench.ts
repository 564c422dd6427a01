/**
 * Benchmark of the forecast (simulation model section 10): for each workload, in a fresh child process so that
 * peak memory is per workload: analytic path, 10,000 replications on one thread, the same on worker threads
 * (pre-started pool; merged result checked equal to the single-thread one), peak RSS and speed-up.
 *
 * Usage: npm run bench -w packages/engine [-- W2 --replications 10000 --workers 2 --builtin]
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { analyticMilestones } from '../src/analytic';
import { runReplications, summarizeForecast } from '../src/forecast';
import { BenchPool } from './bench-pool';
import { BUILTIN_WORKLOADS, workload } from './bench-workloads';

interface Result {
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
  speedUp: number;
  mergedEqual: boolean;
  peakRssMbAll: number;
  lpiP50: number | null;
}

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const maxRssMb = (): number => process.resourceUsage().maxRSS / 1024;

async function one(name: string, replications: number, workers: number): Promise<Result> {
  const { plan, source } = workload(name, process.argv.includes('--builtin'));
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
  const t0 = performance.now();
  const chunk = runReplications(plan, { seed, from: 0, to: replications });
  const t1 = performance.now();
  const single = summarizeForecast(chunk);
  const t2 = performance.now();
  const peakRssMbSingle = maxRssMb();

  const pool = new BenchPool(workers);
  await pool.forecast(plan, seed + 1, 200 * workers); // start-up and JIT warm-up of the workers
  const t3 = performance.now();
  const merged = summarizeForecast(await pool.forecast(plan, seed, replications));
  const t4 = performance.now();
  await pool.close();
  return {
    workload: name,
    source,
    sites: plan.groups.reduce((n, g) => n + g.activationOffsets.length, 0),
    patients: plan.targetEnrolled,
    replications,
    analyticMs,
    singleMs: t2 - t0,
    summarizeMs: t2 - t1,
    repsPerSecond: replications / ((t2 - t0) / 1000),
    peakRssMbSingle,
    workers,
    workersMs: t4 - t3,
    speedUp: (t2 - t0) / (t4 - t3),
    mergedEqual: isDeepStrictEqual(merged, single),
    peakRssMbAll: maxRssMb(),
    lpiP50: single.milestones.lpi.quantiles[1] ?? null,
  };
}

async function main(): Promise<void> {
  const replications = Number(arg('replications', '10000'));
  const workers = Number(arg('workers', String(Math.max(2, availableParallelism()))));
  const child = process.argv.indexOf('--child');
  if (child >= 0) {
    process.stdout.write(JSON.stringify(await one(process.argv[child + 1]!, replications, workers)) + '\n');
    return;
  }
  const names = Object.keys(BUILTIN_WORKLOADS).filter((n) => process.argv.includes(n));
  const script = fileURLToPath(import.meta.url);
  console.log(
    `forecast benchmark: ${replications} replications, ${workers} workers, node ${process.version}`,
  );
  console.log('plan line: (slot: measured by the plan-line benchmark of the input side)');
  for (const name of names.length > 0 ? names : Object.keys(BUILTIN_WORKLOADS)) {
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        script,
        '--child',
        name,
        '--replications',
        String(replications),
        '--workers',
        String(workers),
        ...(process.argv.includes('--builtin') ? ['--builtin'] : []),
      ],
      { encoding: 'utf8', maxBuffer: 1 << 24 },
    );
    const r = JSON.parse(out.trim().split('\n').pop()!) as Result;
    console.log(
      `${r.workload} (${r.source}): ${r.sites} sites, ${r.patients} patients | analytic ${r.analyticMs.toFixed(1)} ms | ` +
        `1 thread ${r.singleMs.toFixed(0)} ms (summarize ${r.summarizeMs.toFixed(0)} ms), ` +
        `${Math.round(r.repsPerSecond).toLocaleString('en')} reps/s, peak RSS ${r.peakRssMbSingle.toFixed(0)} MB | ` +
        `${r.workers} workers ${r.workersMs.toFixed(0)} ms, speed-up x${r.speedUp.toFixed(2)}, ` +
        `merged = single: ${r.mergedEqual}, peak RSS ${r.peakRssMbAll.toFixed(0)} MB | LPI P50 day ${r.lpiP50?.toFixed(1)}`,
    );
  }
}

await main();
