/**
 * Times the plan line (and prepare + result sets) on the example workloads; not a test.
 *   npx tsx packages/engine/scripts/plan-line-timing.ts
 */
import { readFileSync } from 'node:fs';
import { buildResultSets, computePlanLine, parseSimulationInput, preparePlan } from '../src';

function median(f: () => void, runs: number): number {
  for (let k = 0; k < Math.min(runs, 50); k++) f(); // warm-up (JIT)
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

for (const name of ['w1', 'w2', 'w3', 'scenario-b']) {
  const parsed = parseSimulationInput(
    JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8')),
  );
  if (!parsed.ok) throw new Error(`${name}: ${JSON.stringify(parsed.errors)}`);
  const input = parsed.input;
  const prepared = preparePlan(input);
  const line = computePlanLine(prepared);
  const sites = prepared.groups.reduce((a, g) => a + g.activationOffsets.length, 0);
  const tLine = median(() => computePlanLine(prepared), 200);
  const tPrep = median(() => preparePlan(input), 20);
  const tSets = median(() => buildResultSets(input, prepared, line), 20);
  console.log(
    `${name}: ${prepared.groups.length} groups, ${sites} sites, ${prepared.targetEnrolled} enrolled, ` +
      `${prepared.horizonDays} days | plan line ${tLine.toFixed(2)} ms, prepare ${tPrep.toFixed(1)} ms, ` +
      `result sets ${tSets.toFixed(1)} ms (medians)`,
  );
}
