/**
 * One timing process of bench-vs.ts, bundled against one engine version's sources (this file is copied into the
 * old version's scripts/ before bundling): the analytic path (warm-up, then best and median of `analyticRuns`
 * calls), then the bench's single-thread Monte Carlo as in bench-child.ts (200-replication warm-up of simulation and
 * summary, then the first `reps`-replication call) and `steady` more calls each after a full GC. Times are wall and
 * process CPU (user + system) in ms; hashes are of the exact bits of the chunk (counts and milestone doubles), the
 * summary's JSON and the analytic result's JSON, so versions can be checked bit-identical.
 *
 * Usage: node --expose-gc <bundle> <plan.json> [reps = 10000] [steady = 2] [analyticRuns = 9]
 */
import { readFileSync } from 'node:fs';
import { analyticMilestones } from '../src/analytic';
import { runReplications, summarizeForecast } from '../src/forecast';
import type { PreparedPlan } from '../src/model/prepared-plan';

/** What one process reports (ms; hashes as signed 32-bit integers). */
export interface VsResult {
  analyticBest: number;
  analyticMedian: number;
  simWall: number;
  simCpu: number;
  sumWall: number;
  sumCpu: number;
  steadySimCpu: number[];
  steadySumCpu: number[];
  chunkHash: number;
  summaryHash: number;
  analyticHash: number;
}

const [planFile, repsArg, steadyArg, analyticArg] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile!, 'utf8')) as PreparedPlan;
const reps = Number(repsArg ?? '10000');
const steady = Number(steadyArg ?? '2');
const analyticRuns = Number(analyticArg ?? '9');
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const textHash = (json: string): number => {
  let s = 0;
  for (let k = 0; k < json.length; k++) s = (Math.imul(s, 31) + json.charCodeAt(k)) | 0;
  return s;
};

// Analytic path, as bench-child.ts: one warm-up call, then the timed calls.
const a0 = analyticMilestones(plan);
const analyticHash = textHash(JSON.stringify(a0));
const at: number[] = [];
for (let i = 0; i < analyticRuns; i++) {
  const t = performance.now();
  analyticMilestones(plan);
  at.push(performance.now() - t);
}
at.sort((x, y) => x - y);

// The warm-up of scripts/bench-child.ts.
summarizeForecast(runReplications(plan, { seed: 20250106 + 1, from: 0, to: 200 }));
const gc = (globalThis as { gc?: () => void }).gc;
const simCpu: number[] = [];
const sumCpu: number[] = [];
let simWall = 0;
let sumWall = 0;
let chunkHash = 0;
let summaryHash = 0;
for (let i = 0; i <= steady; i++) {
  if (i > 0) gc?.();
  const w0 = performance.now();
  const t0 = cpu();
  const chunk = runReplications(plan, { seed: 20250106, from: 0, to: reps });
  const t1 = cpu();
  const w1 = performance.now();
  const f = summarizeForecast(chunk);
  const t2 = cpu();
  const w2 = performance.now();
  if (i === 0) {
    simWall = w1 - w0;
    sumWall = w2 - w1;
  }
  simCpu.push(t1 - t0);
  sumCpu.push(t2 - t1);
  let h = 0;
  for (const v of chunk.counts) h = (Math.imul(h, 31) + v) | 0;
  const bits = new Int32Array(
    chunk.milestones.buffer,
    chunk.milestones.byteOffset,
    2 * chunk.milestones.length,
  );
  for (const v of bits) h = (Math.imul(h, 31) + v) | 0;
  const s = textHash(JSON.stringify(f));
  if (i > 0 && (h !== chunkHash || s !== summaryHash)) throw new Error('runs differ');
  chunkHash = h;
  summaryHash = s;
}
const result: VsResult = {
  analyticBest: at[0]!,
  analyticMedian: at[at.length >> 1]!,
  simWall,
  simCpu: simCpu[0]!,
  sumWall,
  sumCpu: sumCpu[0]!,
  steadySimCpu: simCpu.slice(1),
  steadySumCpu: sumCpu.slice(1),
  chunkHash,
  summaryHash,
  analyticHash,
};
process.stdout.write(JSON.stringify(result) + '\n');
