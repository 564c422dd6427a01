/**
 * `npm run fixtures -w apps/web`: writes the web tests' result-set fixtures from the engine, so they are the
 * shapes and numbers a run stores today (src/features/simulation/test/fixtures/<example>-result-sets.json).
 * Run it after an engine change that alters the result sets; the tests parse each fixture with the shared
 * result-set schemas, so a fixture that drifts from them fails there.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { simulate } from '@predict/engine';
import { loadExample, type ExampleName } from '@predict/engine/examples';
import { format, resolveConfig } from 'prettier';

/** As the CLI: `npm run simulate -w packages/engine -- examples/<name>.json --replications 200 --seed 1`. */
const OPTIONS = { seed: 1, replications: 200 };
/** A Rates plan (one group, with the forecast band), a sequential cohort plan and a combination of two plans. */
const FIXTURES: readonly ExampleName[] = ['w1', 'cohort', 'combination'];

const dir = new URL('../src/features/simulation/test/fixtures/', import.meta.url);
for (const name of FIXTURES) {
  const r = simulate(loadExample(name), OPTIONS);
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.errors)}`);
  const file = fileURLToPath(new URL(`${name}-result-sets.json`, dir));
  // Formatted as the repository formats JSON (prettier --check runs on it), so a regeneration diffs by value.
  const options = { ...(await resolveConfig(file)), filepath: file };
  writeFileSync(file, await format(JSON.stringify(r.output.resultSets), options));
  console.log(`wrote ${file}`);
}
