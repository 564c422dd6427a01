/**
 * Runs one simulation from a JSON input file and prints one JSON document on stdout (see README, Command line).
 *   npm run simulate -w packages/engine -- <input.json> [--replications N] [--seed S] [--plan-line-only]
 * The input kind decides the output (`simulate`, src/pipeline): a Rates or Duration plan (scenario
 * B solve and site-count search), a sequential cohort plan, a remodel (`remodel` key) or a combination
 * (`combineWith` key). Invalid input: the errors (field path and message) go to stderr and the exit code is 1.
 */
import { readFileSync } from 'node:fs';
import { INPUT_LIMITS, isValidReplications, MSG, simulate } from '../src';

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
  const replications = Number(option(args, '--replications') ?? 2000);
  const seed = Number(option(args, '--seed') ?? 1);
  if (!isValidReplications(replications)) {
    process.stderr.write(`--replications: ${MSG.replications(INPUT_LIMITS.replications)}\n`);
    return 2;
  }
  if (!Number.isSafeInteger(seed)) {
    process.stderr.write('--seed has to be an integer\n');
    return 2;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    process.stderr.write(`${file}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const result = simulate(raw, {
    replications,
    seed,
    planLineOnly: args.includes('--plan-line-only'),
    now: () => performance.now(),
  });
  if (!result.ok) {
    for (const e of result.errors) process.stderr.write(`${e.path || '(input)'}: ${e.message}\n`);
    return 1;
  }
  process.stdout.write(JSON.stringify(result.output, null, 2) + '\n');
  return 0;
}

process.exitCode = main(process.argv.slice(2));
