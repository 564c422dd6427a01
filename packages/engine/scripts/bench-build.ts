/**
 * Builds the benchmark's child process (bench-child.ts) and worker thread (bench-worker.ts), with the engine code
 * they import, into plain JavaScript bundles with esbuild, so that neither loads a TypeScript loader: tsx costs
 * about 60 MB of RSS in a process and 40-60 MB in every worker thread, which the peak-memory figure would count.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Paths of the built bundles. */
export interface BenchBundles {
  child: string;
  worker: string;
}

/** Bundles bench-child.ts and bench-worker.ts into directory `dir` (ESM, Node 20; about 0.1 s). */
export async function buildBenchBundles(dir: string): Promise<BenchBundles> {
  const source = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
  await build({
    entryPoints: { 'bench-child': source('./bench-child.ts'), 'bench-worker': source('./bench-worker.ts') },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  return { child: join(dir, 'bench-child.mjs'), worker: join(dir, 'bench-worker.mjs') };
}
