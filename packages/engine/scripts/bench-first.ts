/**
 * One timing process for A/B comparisons (bench-ab.ts): the bench's first 10,000-replication call after a
 * 200-replication warm-up, then `steady` more calls, CPU time of the process (user, ms) and wall time, with
 * hashes of the full chunk and of the summary so that versions can be checked bit-identical. With --expose-gc, a
 * full GC runs before every steady call.
 *
 * Usage: node <bundle of this file> W2 [steady runs = 4] [replications = 10000]
 */
import { runReplications, summarizeForecast } from '../src/forecast';
import { workload } from './bench-workloads';

/** What one process reports (ms; hashes as signed 32-bit integers). */
export interface FirstCallResult {
  name: string;
  firstSim: number;
  firstSum: number;
  firstWall: number;
  steadySim: number[];
  steadySum: number[];
  chunkHash: number;
  summaryHash: number;
}

const name = process.argv[2] ?? 'W2';
const steady = Number(process.argv[3] ?? '4');
const reps = Number(process.argv[4] ?? '10000');
const { plan } = workload(name, false);
const cpu = (): number => process.cpuUsage().user / 1000;
// The warm-up of scripts/bench-child.ts.
summarizeForecast(runReplications(plan, { seed: 20250106 + 1, from: 0, to: 200 }));

const sim: number[] = [];
const sum: number[] = [];
let firstWall = 0;
let chunkHash = 0;
let summaryHash = 0;
const gc = (globalThis as { gc?: () => void }).gc;
for (let i = 0; i <= steady; i++) {
  // A full GC before each later call, as between a worker's forecasts (bench-ab.ts passes --expose-gc): objects of
  // the previous call die there, which must not deoptimize the hot code.
  if (i > 0) gc?.();
  const w0 = performance.now();
  const t0 = cpu();
  const chunk = runReplications(plan, { seed: 20250106, from: 0, to: reps });
  const t1 = cpu();
  const f = summarizeForecast(chunk);
  const t2 = cpu();
  if (i === 0) firstWall = performance.now() - w0;
  sim.push(t1 - t0);
  sum.push(t2 - t1);
  let h = 0;
  for (const v of chunk.counts) h = (Math.imul(h, 31) + v) | 0;
  // The exact bits of the milestone times, not rounded values: bit-identical means bit-identical.
  const bits = new Int32Array(
    chunk.milestones.buffer,
    chunk.milestones.byteOffset,
    2 * chunk.milestones.length,
  );
  for (const v of bits) h = (Math.imul(h, 31) + v) | 0;
  let s = 0;
  const json = JSON.stringify(f);
  for (let k = 0; k < json.length; k++) s = (Math.imul(s, 31) + json.charCodeAt(k)) | 0;
  if (i > 0 && (h !== chunkHash || s !== summaryHash)) throw new Error('runs differ');
  chunkHash = h;
  summaryHash = s;
}
const result: FirstCallResult = {
  name,
  firstSim: sim[0]!,
  firstSum: sum[0]!,
  firstWall,
  steadySim: sim.slice(1),
  steadySum: sum.slice(1),
  chunkHash,
  summaryHash,
};
process.stdout.write(JSON.stringify(result) + '\n');
