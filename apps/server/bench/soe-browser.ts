/**
 * `npx tsx apps/server/bench/soe-browser.ts` (after `npm run build`; part of `npm run bench:soe`): the large SOE
 * where a planner waits for it, in Chromium. The server serves the built web app on port 8321 (BENCH_GRID_PORT),
 * the large SOE (soe-bench-setup.ts, 200 visits x 300 assessments) is built, and Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium) signs in as the planner, then, LOADS times (3, the first a warm-up and not counted):
 *   - first rows: from navigating to the editor's address to the Visits table's first row drawn;
 *   - grid open: from clicking the Schedule of Events section open to its first tick box drawn;
 * then ticks 20 cells in view, each timed from the click event's timeStamp to the first requestAnimationFrame after
 * the next paint (two frames). Targets: first rows under 1.5 s, grid open under 1 s, tick p90 under 50 ms.
 */
import { chromium, type Page } from '@playwright/test';
import { openDatabase } from '../src/db/client';
import { median, printFigures } from './soe-bench-figures';
import { buildLargeSoe, startBenchServer } from './soe-bench-setup';

const PORT = Number(process.env.BENCH_GRID_PORT ?? 8321);
const TICKS = 20;
const LOADS = 3;

/** The 90th percentile (nearest rank). */
const p90 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.ceil(0.9 * list.length) - 1]!;

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

/**
 * Where the last load's time went, ms from the navigation's start: the page's script run, each editor read's answer
 * received (the SOE's reads, by their last path segment) and the first row drawn (now).
 */
async function loadBreakdown(page: Page): Promise<string> {
  return page.evaluate(() => {
    const p = performance as unknown as {
      now(): number;
      getEntriesByType(t: string): { name: string; responseEnd: number; domContentLoadedEventEnd?: number }[];
    };
    const nav = p.getEntriesByType('navigation')[0];
    const reads = p
      .getEntriesByType('resource')
      .filter((e) => /\/ctpo\/soe\/\d+/.test(e.name))
      .map((e) => `${e.name.replace(/.*\/ctpo\/soe\/\d+\/?/, '') || 'soe'} ${e.responseEnd.toFixed(0)}`);
    return `page ready ${nav?.domContentLoadedEventEnd?.toFixed(0)}, reads ${reads.join(', ')}, first row ${p.now().toFixed(0)}`;
  });
}

const s = await startBenchServer(await openDatabase({ dataDir: 'memory' }), undefined, { port: PORT });
const soe = await buildLargeSoe(s, { w2: false });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const editor = `${s.address}/ctpo/study-plans/${s.studyId}/soe/${soe.soeId}`;
  await page.goto(editor);
  await page.getByLabel('Username').fill('planner');
  await page.getByLabel('Password').fill('planner-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const visitsRow = page.getByRole('table', { name: 'Visits' }).locator('tbody tr').first();
  await visitsRow.waitFor({ timeout: 120_000 });
  const grid = page.getByRole('table', { name: 'Schedule of Events' });
  const firstTick = grid.getByLabel('Tick Assessment 8 at Visit 1', { exact: true });
  const firstRows: number[] = [];
  const gridOpen: number[] = [];
  for (let k = 0; k < LOADS; k++) {
    // A fresh session storage each time: the editor remembers open sections, which would open the grid at once.
    await page.evaluate(() =>
      (globalThis as unknown as { sessionStorage: { clear(): void } }).sessionStorage.clear(),
    );
    const t0 = performance.now();
    await page.goto(editor);
    await visitsRow.waitFor({ timeout: 120_000 });
    const t1 = performance.now();
    if (k === LOADS - 1) console.log(`last load: ${await loadBreakdown(page)}`);
    await page.getByRole('button', { name: /^Schedule of Events/ }).click();
    await firstTick.waitFor({ timeout: 120_000 });
    const t2 = performance.now();
    if (k > 0) {
      firstRows.push(t1 - t0);
      gridOpen.push(t2 - t1);
    }
  }
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
  console.log(`first rows (ms): ${firstRows.map((x) => x.toFixed(0)).join(', ')}`);
  console.log(`grid open (ms): ${gridOpen.map((x) => x.toFixed(0)).join(', ')}`);
  printFigures('SOE editor in Chromium, 200 x 300 SOE', [
    { measure: `first rows (median of ${firstRows.length})`, ms: median(firstRows), targetMs: 1500 },
    { measure: `grid open (median of ${gridOpen.length})`, ms: median(gridOpen), targetMs: 1000 },
    { measure: `tick input to paint (p90 of ${TICKS})`, ms: p90(ticks), targetMs: 50 },
    { measure: `tick input to paint (median of ${TICKS})`, ms: median(ticks) },
    { measure: 'tick input to paint (worst)', ms: sorted[sorted.length - 1]! },
  ]);
} finally {
  await browser.close();
  await s.close();
}
process.exit(0);
