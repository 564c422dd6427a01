/**
 * `npm run bench:soe -w apps/server`: every SOE figure of issues 15 and 16 in one run. One server on PGlite and one
 * large SOE (soe-bench-setup.ts, linked to the W2 run) serve the editor load and save, the export and the forecast
 * benches in turn; then the ePrice bench runs as it is (its own process: it needs no server). Each figure is printed
 * against its target. PostgreSQL figures of the editor and save: `npx tsx apps/server/bench/soe-save.ts` with
 * TEST_DATABASE_URL set.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '../src/db/client';
import { printFigures } from './soe-bench-figures';
import { buildLargeSoe, startBenchServer } from './soe-bench-setup';
import { benchSoeExport } from './soe-export';
import { benchSoeForecast } from './soe-forecast';
import { benchSoeSave } from './soe-save';

const s = await startBenchServer(await openDatabase({ dataDir: 'memory' }));
const soe = await buildLargeSoe(s, { w2: true });
// The forecast first (its cold figure includes the run's plan line), then the editor's saves, then the export.
const forecast = await benchSoeForecast(s, soe);
const save = await benchSoeSave(s, soe);
const exported = await benchSoeExport(s, soe);
await s.close();
printFigures('SOE editor load and save, PGlite (embedded)', save);
printFigures('SOE export, PGlite (embedded)', exported);
printFigures('SOE forecast, PGlite (embedded)', forecast);

console.log('\n### ePrice upload (bench/soe-eprice.ts)\n');
const eprice = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'soe-eprice.ts')],
  {
    stdio: 'inherit',
  },
);
if (eprice.status !== 0) process.exit(eprice.status ?? 1);

// The editor where the planner waits for it (needs the built web app: npm run build).
console.log('\n### SOE editor in Chromium (bench/soe-browser.ts)\n');
const browser = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'soe-browser.ts')],
  { stdio: 'inherit' },
);
process.exit(browser.status ?? 1);
