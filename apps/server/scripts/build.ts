/**
 * `npm run build -w apps/server`: the server as plain JavaScript, so `npm start` runs no TypeScript loader.
 * dist/server.mjs (the API, with its run workers in the embedded shape) and dist/worker.mjs (`npm run worker`),
 * each one ES module holding the server's code with the engine and shared; the npm packages stay imports of
 * node_modules (PGlite finds its WebAssembly there, exceljs its files). Beside them dist/threads/ holds the worker
 * threads' bundles (thread-code.ts). Both entries sit one level below apps/server, as src/ does: server-files.ts.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { SERVER_DIR } from '../src/server-files';
import { builtThreadFile, bundleThread, THREADS, type ThreadName } from '../src/thread-code';

const dist = path.join(SERVER_DIR, 'dist');
const started = performance.now();

/** Every bare import but the workspace's own packages (TypeScript sources) stays external. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@predict/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(dist, { recursive: true, force: true });
// Two bundles rather than one with shared chunks: a chunk in a sub-folder would see another import.meta.url.
for (const entry of ['server', 'worker']) {
  await build({
    entryPoints: [fileURLToPath(new URL(`../src/${entry}.ts`, import.meta.url))],
    outfile: path.join(dist, `${entry}.mjs`),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [npmPackagesExternal],
    logLevel: 'warning',
  });
}
for (const name of Object.keys(THREADS) as ThreadName[])
  await bundleThread(name, builtThreadFile(name, dist));
console.log(
  `Server built into ${path.relative(process.cwd(), dist) || '.'} in ${Math.round(performance.now() - started)} ms.`,
);
