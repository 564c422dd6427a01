/**
 * Benchmark of the forecast (simulation model section 10): each workload runs in a fresh child process
 * (bench-child.ts) so that peak memory is per workload: analytic path, 10,000 replications on one thread, the same
 * on worker threads (pre-started pool; merged result checked equal to the single-thread one), peak RSS and
 * speed-up. The child and the worker threads run plain JavaScript bundles built here with esbuild (bench-build.ts):
 * a TypeScript loader costs about 60 MB per process and 40-60 MB per worker thread.
 *
 * Usage: npm run bench -w packages/engine [-- W2 --replications 10000 --workers 2 --builtin --tsx]
 * (--tsx: child and workers load the TypeScript sources through tsx instead, as before the bundles;
 * --copy-summaries --merge-on-main: the former worker path, summaries copied and merged on the main thread.)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBenchBundles } from './bench-build';
import type { BenchResult } from './bench-child';
import { BUILTIN_WORKLOADS, workload } from './bench-workloads';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};

function report(r: BenchResult): string {
  return (
    `${r.workload} (${r.source}): ${r.sites} sites, ${r.patients} patients | analytic ${r.analyticMs.toFixed(1)} ms | ` +
    `1 thread ${r.singleMs.toFixed(0)} ms (summarize ${r.summarizeMs.toFixed(0)} ms; CPU ${r.singleCpuMs.toFixed(0)} ms), ` +
    `${Math.round(r.repsPerSecond).toLocaleString('en')} reps/s, peak RSS ${r.peakRssMbSingle.toFixed(0)} MB | ` +
    `${r.workers} workers ${r.workersMs.toFixed(0)} ms (busy ${r.workerBusyMs.map((x) => x.toFixed(0)).join('/')} ms, CPU ${r.workerCpuMs.map((x) => x.toFixed(0)).join('/')} ms), speed-up x${r.speedUp.toFixed(2)}, ` +
    `merged = single: ${r.mergedEqual}, peak RSS ${r.peakRssMbAll.toFixed(0)} MB | main thread ${r.mainMsPerChunk.toFixed(1)} ms/chunk ` +
    `(of which merge + final forecast ${r.mainMergeMs.toFixed(1)} ms) | LPI P50 day ${r.lpiP50?.toFixed(1)}`
  );
}

async function main(): Promise<void> {
  const replications = arg('replications', '10000');
  const workers = arg('workers', String(Math.max(2, availableParallelism())));
  const names = Object.keys(BUILTIN_WORKLOADS).filter((n) => process.argv.includes(n));
  const useTsx = process.argv.includes('--tsx');
  console.log(
    `forecast benchmark: ${replications} replications, ${workers} workers, node ${process.version}` +
      (useTsx ? ' (tsx)' : ' (esbuild bundles)'),
  );
  console.log('plan line: (slot: measured by the plan-line benchmark of the input side)');
  const dir = mkdtempSync(join(tmpdir(), 'engine-bench-'));
  try {
    const bundles = useTsx ? null : await buildBenchBundles(dir);
    const child = fileURLToPath(new URL('./bench-child.ts', import.meta.url));
    for (const name of names.length > 0 ? names : Object.keys(BUILTIN_WORKLOADS)) {
      // The input side (parse + preparePlan) runs here; the child gets the PreparedPlan (JSON-safe) as a file.
      const { plan, source } = workload(name, process.argv.includes('--builtin'));
      const planFile = join(dir, `${name}.json`);
      writeFileSync(planFile, JSON.stringify(plan));
      const args = [
        '--expose-gc',
        ...(bundles ? [bundles.child] : ['--import', 'tsx', child]),
        name,
        '--replications',
        replications,
        '--workers',
        workers,
        '--plan',
        planFile,
        '--source',
        source,
        ...(bundles ? ['--worker-bundle', bundles.worker] : []),
        ...['--copy-summaries', '--merge-on-main'].filter((f) => process.argv.includes(f)),
      ];
      const out = execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
      console.log(report(JSON.parse(out.trim().split('\n').pop()!) as BenchResult));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
