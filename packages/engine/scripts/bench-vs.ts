/**
 * The engine against an older commit, alternately (issue 23): extracts `<commit>`'s packages/engine with git archive
 * into a temporary directory, copies scripts/bench-vs-child.ts (and bench-vs-prepare.ts) of this tree into it,
 * bundles both versions with esbuild and runs the bundles alternately in fresh processes (A B B A A B ...), so that
 * load changes hit both alike. Each process times the analytic path (best and median of 9 after a warm-up) and the
 * bench's single-thread Monte Carlo (first 10,000-replication call after the 200-replication warm-up, then steady
 * calls after a full GC); medians and ranges are printed with the hashes of chunk, summary and analytic result
 * (equal hashes = bit-identical outputs).
 *
 * Inputs: by default every version runs the same PreparedPlan, this tree's preparation of examples/<workload>.json
 * (`--builtin`: the built-in plan of scripts/bench-workloads.ts). `--prep own`: each version prepares the example
 * itself (its own parseSimulationInput + preparePlan on the same JSON), i.e. what `npm run bench` of each commit
 * measures, including changes of the preparation (horizon, rates).
 *
 * Usage: npm run bench:vs -w packages/engine -- <commit> [--workload W2] [--rounds 4] [--reps 10000]
 *   [--steady 2] [--builtin] [--prep same|own] [--keep]
 */
import { execFileSync, execSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { VsResult } from './bench-vs-child';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const flags = new Set(['builtin', 'keep']);
const positional = process.argv
  .slice(2)
  .filter(
    (a, i, all) => !a.startsWith('--') && !(all[i - 1]?.startsWith('--') && !flags.has(all[i - 1]!.slice(2))),
  );
const commit = positional[0] ?? 'd2f98a6';
const name = arg('workload', 'W2');
const rounds = Number(arg('rounds', '4'));
const reps = arg('reps', '10000');
const steady = arg('steady', '2');
const prep = arg('prep', 'same');
const builtin = process.argv.includes('--builtin');

const here = fileURLToPath(new URL('..', import.meta.url)); // packages/engine/
const repoRoot = execSync('git rev-parse --show-toplevel', { cwd: here, encoding: 'utf8' }).trim();
const nodeModules = join(repoRoot, 'node_modules');
const median = (a: number[]): number => [...a].sort((x, y) => x - y)[a.length >> 1]!;
const range = (a: number[], d = 0): string => `${Math.min(...a).toFixed(d)}-${Math.max(...a).toFixed(d)}`;

const tmp = mkdtempSync(join(tmpdir(), 'engine-vs-'));
try {
  // The old version: packages/engine of <commit> (and nothing else: the engine imports no other workspace).
  const oldRoot = join(tmp, 'old');
  mkdirSync(oldRoot);
  execSync(`git archive ${commit} packages/engine tsconfig.base.json | tar -x -C ${oldRoot}`, {
    cwd: repoRoot,
  });
  const oldEngine = join(oldRoot, 'packages/engine');
  for (const f of ['bench-vs-child.ts', 'bench-vs-prepare.ts']) {
    copyFileSync(join(here, 'scripts', f), join(oldEngine, 'scripts', f));
  }
  const versions = [
    { label: commit, dir: oldEngine },
    { label: 'current', dir: here },
  ];
  const bundle = async (dir: string, entry: string, out: string): Promise<string> => {
    await build({
      entryPoints: [join(dir, 'scripts', entry)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: out,
      nodePaths: [nodeModules],
      logLevel: 'warning',
    });
    return out;
  };
  const children = await Promise.all(
    versions.map((v, i) => bundle(v.dir, 'bench-vs-child.ts', join(tmp, `child${i}.mjs`))),
  );
  // The plans: this tree's preparation for every version, or each version's own.
  const input = builtin ? name : join(here, 'examples', `${name.toLowerCase()}.json`);
  const plans: string[] = [];
  for (const [i, v] of versions.entries()) {
    const src = prep === 'own' ? v.dir : here;
    const file = join(tmp, `plan${i}.json`);
    if (prep === 'own' || i === 0) {
      const b = await bundle(src, 'bench-vs-prepare.ts', join(tmp, `prepare${i}.mjs`));
      execFileSync(process.execPath, [b, input, file, ...(builtin ? ['--builtin'] : [])]);
      plans.push(file);
    } else plans.push(plans[0]!);
  }
  const results: VsResult[][] = versions.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < versions.length; k++) {
      const i = r % 2 === 0 ? k : versions.length - 1 - k; // A B, B A, A B, ...
      const text = execFileSync(process.execPath, ['--expose-gc', children[i]!, plans[i]!, reps, steady], {
        encoding: 'utf8',
      });
      const res = JSON.parse(text.trim().split('\n').pop()!) as VsResult;
      results[i]!.push(res);
      console.error(
        `  round ${r + 1} ${versions[i]!.label}: analytic ${res.analyticBest.toFixed(1)} ms, sim ${res.simWall.toFixed(0)} + ` +
          `summary ${res.sumWall.toFixed(0)} ms wall (CPU ${res.simCpu.toFixed(0)} + ${res.sumCpu.toFixed(0)})`,
      );
    }
  }
  console.log(
    `${name}, ${reps} replications, ${rounds} rounds, plan: ${builtin ? 'built-in' : `examples, prep ${prep}`}`,
  );
  const med: number[][] = [];
  for (const [i, rs] of results.entries()) {
    const total = rs.map((x) => x.simWall + x.sumWall);
    const totalCpu = rs.map((x) => x.simCpu + x.sumCpu);
    const st = rs.map((x) => median(x.steadySimCpu) + median(x.steadySumCpu));
    const an = rs.map((x) => x.analyticBest);
    med.push([median(total), median(totalCpu), median(an), Math.min(...totalCpu), Math.min(...an)]);
    const hashes = new Set(rs.map((x) => `${x.chunkHash}/${x.summaryHash}/${x.analyticHash}`));
    console.log(
      `${versions[i]!.label.padEnd(8)} 1 thread sim+summary wall ${median(total).toFixed(0)} (${range(total)}) ms, ` +
        `CPU ${median(totalCpu).toFixed(0)} (${range(totalCpu)}) [sim ${median(rs.map((x) => x.simCpu)).toFixed(0)} + ` +
        `summary ${median(rs.map((x) => x.sumCpu)).toFixed(0)}], steady CPU ${median(st).toFixed(0)} (${range(st)}) | ` +
        `analytic best ${median(an).toFixed(1)} (${range(an, 1)}) ms | hash ${[...hashes].join(' ')}`,
    );
  }
  const ratio = (j: number): string => (med[1]![j]! / med[0]![j]!).toFixed(3);
  console.log(
    `current / ${commit}: medians: wall x${ratio(0)}, CPU x${ratio(1)}, analytic x${ratio(2)}; ` +
      `best of ${rounds} (least disturbed by load): CPU x${ratio(3)}, analytic x${ratio(4)}`,
  );
} finally {
  if (!process.argv.includes('--keep')) rmSync(tmp, { recursive: true, force: true });
  else console.log(`kept ${tmp}`);
}
