/**
 * Runs one simulation from a JSON input file and prints the result sets as JSON.
 *   npm run simulate -w packages/engine -- <input.json> [--replications N] [--seed S] [--plan-line-only]
 * Invalid input: the errors (field path and message) go to stderr and the exit code is 1.
 */
import { readFileSync } from 'node:fs';
import {
  buildResultSets,
  computePlanLine,
  forecastForResults,
  milestoneLevels,
  parseSimulationInput,
  preparePlan,
} from '../src';
import { runForecast } from '../src/forecast';

function option(args: string[], name: string): string | undefined {
  const k = args.indexOf(name);
  return k >= 0 ? args[k + 1] : undefined;
}

function main(args: string[]): number {
  const file = args.find(
    (a, k) => !a.startsWith('--') && !['--replications', '--seed'].includes(args[k - 1] ?? ''),
  );
  if (!file) {
    process.stderr.write('usage: simulate <input.json> [--replications N] [--seed S] [--plan-line-only]\n');
    return 2;
  }
  const parsed = parseSimulationInput(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.ok) {
    for (const e of parsed.errors) process.stderr.write(`${e.path || '(input)'}: ${e.message}\n`);
    return 1;
  }
  const input = parsed.input;
  const prepared = preparePlan(input);
  const planLine = computePlanLine(prepared);
  let forecast;
  let forecastInfo = null;
  if (!args.includes('--plan-line-only')) {
    const replications = Number(option(args, '--replications') ?? 2000);
    const seed = Number(option(args, '--seed') ?? 1);
    const levelsByMilestone = milestoneLevels(input);
    const levels = [...new Set([10, 50, 90, ...Object.values(levelsByMilestone)])].sort((a, b) => a - b);
    const result = runForecast(prepared, { seed, replications, levels });
    forecast = forecastForResults(result, prepared.day0Ms, levelsByMilestone);
    forecastInfo = { seed, replications, levels };
  }
  const resultSets = buildResultSets(input, prepared, planLine, forecast);
  const out = {
    horizonDays: prepared.horizonDays,
    planLineRateMultiplier: prepared.planLineRateMultiplier ?? null,
    planLineMilestones: planLine.milestones,
    forecast: forecastInfo,
    resultSets,
  };
  process.stdout.write(JSON.stringify(out, null, 2) + '\n');
  return 0;
}

process.exitCode = main(process.argv.slice(2));
