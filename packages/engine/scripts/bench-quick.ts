/** Quick W2 timing (CPU time of this thread): simulation and summary separately, N runs in one process (median). */
import { runReplications, summarizeForecast } from '../src/forecast';
import { workload } from './bench-workloads';

const name = process.argv[2] ?? 'W2';
const runs = Number(process.argv[3] ?? '5');
const { plan } = workload(name, false);
summarizeForecast(runReplications(plan, { seed: 7, from: 0, to: 500 }));
const cpu = (): number => process.cpuUsage().user / 1000;
const sim: number[] = [];
const sum: number[] = [];
let lpi: unknown = null;
let hash: number;
for (let i = 0; i < runs; i++) {
  const t0 = cpu();
  const chunk = runReplications(plan, { seed: 20250106, from: 0, to: 10000 });
  const t1 = cpu();
  const f = summarizeForecast(chunk);
  const t2 = cpu();
  sim.push(t1 - t0);
  sum.push(t2 - t1);
  hash = 0;
  for (const v of chunk.counts) hash = (Math.imul(hash, 31) + v) | 0;
  for (const v of chunk.milestones) hash = (Math.imul(hash, 31) + Math.round(v * 1e6)) | 0;
  lpi = [
    JSON.stringify(f).length,
    hash,
    f.milestones.lpi.quantiles,
    f.bands.screened[1]![100],
    f.bandMeans.completed[150],
  ];
}
const med = (a: number[]): number => [...a].sort((x, y) => x - y)[a.length >> 1]!;
console.log(
  `${name} sim ${med(sim).toFixed(0)} ms [${sim.map((x) => x.toFixed(0)).join(' ')}] summary ${med(sum).toFixed(0)} ms [${sum.map((x) => x.toFixed(0)).join(' ')}] ${JSON.stringify(lpi)}`,
);
