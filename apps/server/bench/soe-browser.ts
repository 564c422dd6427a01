/**
 * `npx tsx apps/server/bench/soe-grid-tick.ts` (after `npm run build`): issue 15's "ticking a cell shows no visible
 * lag". The server serves the built web app on port 8321 (BENCH_GRID_PORT), the large SOE (soe-bench-setup.ts) is
 * built, and Chromium (CHROMIUM_PATH, default /usr/bin/chromium) signs in as the planner, opens the editor's
 * Schedule of Events and ticks 20 cells in view; each tick is timed from the click event's timeStamp to the first
 * requestAnimationFrame after the next paint (two frames). Target: median under 50 ms.
 */
import { chromium } from '@playwright/test';
import { openDatabase } from '../src/db/client';
import { median, printFigures } from './soe-bench-figures';
import { buildLargeSoe, startBenchServer } from './soe-bench-setup';

const PORT = Number(process.env.BENCH_GRID_PORT ?? 8321);
const TICKS = 20;

interface BrowserGlobals {
  tick: Promise<number>;
  document: {
    addEventListener(
      type: 'click',
      f: (e: { timeStamp: number }) => void,
      o: { once: boolean; capture: boolean },
    ): void;
  };
  requestAnimationFrame(f: () => void): number;
}

const s = await startBenchServer(await openDatabase({ dataDir: 'memory' }), undefined, { port: PORT });
const soe = await buildLargeSoe(s, { w2: false });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${s.address}/ctpo/study-plans/${s.studyId}/soe/${soe.soeId}`);
  await page.getByLabel('Username').fill('planner');
  await page.getByLabel('Password').fill('planner-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /^Schedule of Events/ }).click();
  const grid = page.getByRole('table', { name: 'Schedule of Events' });
  await grid.getByLabel('Tick Assessment 8 at Visit 1', { exact: true }).waitFor();
  const ticks: number[] = [];
  for (let k = 0; k <= TICKS; k++) {
    // Assessments 8.. (the first six are site fees) at visits 1..; the cells in view at the grid's top left.
    const cell = grid.getByLabel(`Tick Assessment ${8 + (k % 8)} at Visit ${1 + Math.floor(k / 8)}`, {
      exact: true,
    });
    await page.evaluate(() => {
      // Runs in the page (this file is typed for node: the few browser globals it uses are typed here).
      const w = globalThis as unknown as BrowserGlobals;
      w.tick = new Promise((resolve) =>
        w.document.addEventListener(
          'click',
          (e) => {
            const t0 = e.timeStamp;
            w.requestAnimationFrame(() => w.requestAnimationFrame(() => resolve(performance.now() - t0)));
          },
          { once: true, capture: true },
        ),
      );
    });
    await cell.click();
    const ms = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).tick);
    if (k > 0) ticks.push(ms); // the first is a warm-up
  }
  const sorted = [...ticks].sort((a, b) => a - b);
  console.log(`ticks (ms): ${sorted.map((x) => x.toFixed(0)).join(', ')}`);
  printFigures('SOE grid tick in Chromium, 200 x 300 SOE', [
    { measure: `tick input to paint (median of ${TICKS})`, ms: median(ticks), targetMs: 50 },
    { measure: 'tick input to paint (worst)', ms: sorted[sorted.length - 1]! },
  ]);
} finally {
  await browser.close();
  await s.close();
}
process.exit(0);
