import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNNING_BUILD, SERVER_DIR } from './server-files';

/**
 * The worker threads' code: each thread module bundled with what it imports (the engine, exceljs, the shared
 * readers) into one plain JavaScript file, so no thread loads a TypeScript loader (which would cost 40-60 MB
 * more each). `npm run build` writes them to dist/threads/ beside the server's bundle; the sources (tests, dev)
 * bundle them in memory on first use (about 0.2 s).
 */
export const THREADS = {
  /** The simulation runs' piscina tasks; ESM, as piscina loads a module file. */
  'engine-thread': { source: 'jobs/engine-thread.ts', format: 'esm' },
  /** The workbook parsers; CommonJS because exceljs requires Node's built-ins, which an ES module bundle cannot. */
  'upload-thread': { source: 'uploads/upload-thread.ts', format: 'cjs' },
  /** The calibration fit. */
  'fit-thread': { source: 'services/calibration-fit/fit-thread.ts', format: 'cjs' },
} as const;

export type ThreadName = keyof typeof THREADS;

/** The built file of a thread (dist/threads/<name>.mjs or .cjs). */
export function builtThreadFile(name: ThreadName, distDir = path.join(SERVER_DIR, 'dist')): string {
  return path.join(distDir, 'threads', `${name}.${THREADS[name].format === 'esm' ? 'mjs' : 'cjs'}`);
}

/** Bundles a thread's source with esbuild; `outfile` writes it there, else the code comes back. */
export async function bundleThread(name: ThreadName, outfile?: string): Promise<string> {
  // Only the sources and the build script bundle: the build itself never loads esbuild.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(new URL(`./${THREADS[name].source}`, import.meta.url))],
    bundle: true,
    platform: 'node',
    format: THREADS[name].format,
    target: 'node20',
    logLevel: 'warning',
    ...(outfile ? { outfile, write: true } : { write: false }),
  });
  return outfile ?? result.outputFiles![0]!.text;
}

/** A thread's code as text, for `new Worker(code, { eval: true })`: the built file, or bundled now. */
export async function threadCode(name: ThreadName): Promise<string> {
  return RUNNING_BUILD ? readFile(builtThreadFile(name), 'utf8') : bundleThread(name);
}
