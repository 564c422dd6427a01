/**
 * The example inputs (the JSON the CLI reads) for tests, benchmarks and fixture scripts, here and in other
 * workspaces (`@predict/engine/examples`). Not part of the engine proper: it reads files.
 */
import { readFileSync } from 'node:fs';

export const EXAMPLES = ['w1', 'w2', 'w3', 'scenario-b', 'cohort', 'remodel', 'combination'] as const;

export type ExampleName = (typeof EXAMPLES)[number];

/** The parsed JSON of examples/<name>.json (a fresh copy on each call: callers may change it). */
export function loadExample(name: ExampleName): unknown {
  return JSON.parse(readFileSync(new URL(`./${name}.json`, import.meta.url), 'utf8'));
}
