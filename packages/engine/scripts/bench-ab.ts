/**
 * A/B timing of engine versions on a shared machine: bundles scripts/bench-first.ts of each engine directory
 * (e.g. a saved copy of the old sources and this package) with esbuild and runs the bundles alternately in fresh
 * processes, so that load changes hit every version alike; prints medians and ranges of the CPU times of the first
 * call and of the steady calls, and the output hashes (equal hashes = bit-identical chunks and summaries).
 *
 * Usage: npx tsx scripts/bench-ab.ts <engine dir> [<engine dir> ...] [--workload W2] [--rounds 5] [--steady 4]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { FirstCallResult } from './bench-first';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const dirs = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
const workload = arg('workload', 'W2');
const rounds = Number(arg('rounds', '5'));
const steady = arg('steady', '4');
const nodeModules = fileURLToPath(new URL('../../../node_modules', import.meta.url));

const median = (a: number[]): number => [...a].sort((x, y) => x - y)[a.length >> 1]!;
const range = (a: number[]): string => `${Math.min(...a).toFixed(0)}-${Math.max(...a).toFixed(0)}`;

const out = mkdtempSync(join(tmpdir(), 'engine-ab-'));
try {
  const bundles: string[] = [];
  for (const [i, dir] of dirs.entries()) {
    const file = join(out, `v${i}.mjs`);
    await build({
      entryPoints: [join(resolve(dir), 'scripts/bench-first.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: file,
      nodePaths: [nodeModules],
      logLevel: 'warning',
    });
    bundles.push(file);
  }
  const results: FirstCallResult[][] = dirs.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let v = 0; v < bundles.length; v++) {
      // Alternate the order every round so neither version always runs after the other.
      const i = r % 2 === 0 ? v : bundles.length - 1 - v;
      const text = execFileSync(process.execPath, ['--expose-gc', bundles[i]!, workload, steady], {
        encoding: 'utf8',
      });
      results[i]!.push(JSON.parse(text.trim().split('\n').pop()!) as FirstCallResult);
    }
  }
  for (const [i, rs] of results.entries()) {
    const first = rs.map((x) => x.firstSim);
    const firstSum = rs.map((x) => x.firstSum);
    const st = rs.map((x) => median(x.steadySim));
    const stSum = rs.map((x) => median(x.steadySum));
    const hashes = new Set(rs.map((x) => `${x.chunkHash}/${x.summaryHash}`));
    console.log(
      `${dirs[i]} ${workload}: first sim ${median(first).toFixed(0)} (${range(first)}) + summary ` +
        `${median(firstSum).toFixed(0)} (${range(firstSum)}) | steady sim ${median(st).toFixed(0)} (${range(st)}) + ` +
        `summary ${median(stSum).toFixed(0)} (${range(stSum)}) | first wall ${median(rs.map((x) => x.firstWall)).toFixed(0)} | ` +
        `hash ${[...hashes].join(' ')}`,
    );
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
