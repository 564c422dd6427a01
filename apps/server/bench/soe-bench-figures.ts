/** How the SOE benches measure and print: medians, CPU time, and each figure against its target. */
import os from 'node:os';

export const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
/** CPU ms of this process since `since` (server and client are this process). */
export const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
export const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/** One figure against its target, as every SOE bench prints it. */
export interface Figure {
  measure: string;
  ms: number;
  cpuMs?: number;
  targetMs?: number;
}

export function printFigures(title: string, figures: Figure[]) {
  console.log(`\n### ${title} (load average ${loadAverage()}, 2 cores)\n`);
  console.log('| measure | wall ms | CPU ms | target | |');
  console.log('|---|---|---|---|---|');
  for (const f of figures) {
    const verdict = f.targetMs === undefined ? '' : f.ms < f.targetMs ? 'OK' : 'OVER';
    console.log(
      `| ${f.measure} | ${Number.isNaN(f.ms) ? '-' : f.ms.toFixed(0)} | ${f.cpuMs === undefined ? '-' : f.cpuMs.toFixed(0)} | ${f.targetMs === undefined ? '-' : `< ${f.targetMs}`} | ${verdict} |`,
    );
  }
}
