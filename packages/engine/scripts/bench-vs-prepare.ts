/**
 * Writes the PreparedPlan of one workload as prepared by one engine version (bench-vs.ts --prep own): the example
 * file given (examples/w2.json of the current tree, the same input for every version) through that version's
 * parseSimulationInput + preparePlan, or its built-in plan with `--builtin`.
 *
 * Usage: node <bundle> <example.json | W1|W2|W3 --builtin> <out.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseSimulationInput, preparePlan } from '../src';
import { BUILTIN_WORKLOADS } from './bench-workloads';

const [source, out] = process.argv.slice(2).filter((a) => a !== '--builtin');
if (process.argv.includes('--builtin')) {
  writeFileSync(out!, JSON.stringify(BUILTIN_WORKLOADS[source!]!()));
} else {
  const parsed = parseSimulationInput(JSON.parse(readFileSync(source!, 'utf8')));
  if (!parsed.ok) throw new Error(`${source}: input refused by this version`);
  writeFileSync(out!, JSON.stringify(preparePlan(parsed.input)));
}
