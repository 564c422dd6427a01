import { expect, test, type Browser, type Page } from '@playwright/test';
import { openStudy } from './plan-helpers';
import { signIn, type PASSWORDS } from './sign-in';

/**
 * Runs in its own Playwright project, after every other journey (playwright.config.ts): approving a calibration
 * version changes the settings of every later run, which the simulation journey reads as the engine's defaults.
 * The server starts on a database seeded with the demo portfolio (36 completed studies) before it listens; it runs
 * alone with `npx playwright test --project calibration --no-deps`.
 */
const STUDY = '2025-DER-0031';
const PLAN = 'Base case - 14 months';
/** Of the demo portfolio's 36 completed studies, those whose forecast of record scores the milestone. */
const SCORED = /^n = (\d+) studies$/;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A DD/MMM/YYYY cell as a day number (UTC). */
function dayOf(text: string): number {
  const m = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4})$/.exec(text.trim());
  if (!m) throw new Error(`Not a DD/MMM/YYYY date: '${text}'`);
  return Date.UTC(Number(m[3]), MONTHS.indexOf(m[2]!), Number(m[1])) / 86_400_000;
}

async function signedIn(browser: Browser, role: keyof typeof PASSWORDS): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await signIn(page, role);
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  return page;
}

/** Waits for the plan's run to finish (the status call) and for the Tables tab to show it. */
async function finishedRun(page: Page) {
  const planId = /\/(\d+)\/simulation$/.exec(page.url())?.[1];
  expect(planId, page.url()).toBeDefined();
  const status = async () =>
    (
      (await (await page.request.get(`/ctpo/simulation/status/plan/${planId}`)).json()) as {
        simOptRunStatus: string;
      }
    ).simOptRunStatus;
  await expect.poll(status, { timeout: 180_000, intervals: [500] }).toBe('COMPLETED_OK');
  await expect(page.getByRole('tab', { name: 'Tables', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
    { timeout: 15_000 },
  );
}

/** The run's Last Patient In P10 and P90 (days) and the uncertainty settings it names. */
async function readRun(page: Page) {
  const milestones = page.getByRole('table', { name: 'Enrollment Milestones', exact: true });
  const header = await milestones.locator('thead th').allInnerTexts();
  const row = milestones.locator('tbody tr').filter({ hasText: /^\s*Last Patient In/ });
  await expect(row).toHaveCount(1);
  const cells = await row.locator('th, td').allInnerTexts();
  const at = (name: string) => cells[header.findIndex((h) => h.trim() === name)]!;
  const settings = page
    .getByRole('region', { name: 'Parameter Summary' })
    .getByRole('term')
    .filter({ hasText: /^Uncertainty settings$/ })
    .locator('xpath=following-sibling::dd[1]');
  return { p10: dayOf(at('P10')), p90: dayOf(at('P90')), settings: (await settings.innerText()).trim() };
}

test('an admin fits and approves a calibration on the demo portfolio; the next run uses it and a planner reads the Forecast History', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  // A planner runs the demo plan first: the engine's defaults (no calibration version approved yet).
  const planner = await signedIn(browser, 'planner');
  await openStudy(planner, STUDY);
  await planner.getByRole('button', { name: `Actions for ${PLAN}`, exact: true }).click();
  await planner.getByRole('menuitem', { name: 'Start Simulation', exact: true }).click();
  await expect(planner).toHaveURL(/\/simulation$/);
  await finishedRun(planner);
  const before = await readRun(planner);
  expect(before.settings).toBe('Plan settings');

  // The admin reads the track record of the 36 completed demo studies, fits and approves version 1.
  const admin = await signedIn(browser, 'admin');
  await admin.getByRole('button', { name: 'Account' }).click();
  await admin.getByRole('menuitem', { name: 'Forecast Calibration' }).click();
  await expect(admin.getByRole('heading', { name: 'Forecast Calibration', level: 1 })).toBeVisible();
  const lpi = admin.getByRole('region', { name: 'Last patient in', exact: true }).first();
  const scored = Number(SCORED.exec(await lpi.getByText(SCORED).innerText())?.[1]);
  expect(scored).toBeGreaterThanOrEqual(30);
  // The demo truth has more spread than the defaults: P10-P90 holds fewer than 80% of the actual LPIs.
  const coverageText = await lpi
    .getByText(/^\d+(\.\d)?%$/)
    .first()
    .innerText();
  expect(Number.parseFloat(coverageText)).toBeLessThan(80);

  const panel = admin.getByRole('region', { name: 'Fitted uncertainty' });
  await panel.getByRole('button', { name: 'Fit from completed studies' }).click();
  await expect(panel.getByRole('progressbar', { name: 'Fit progress' })).toBeVisible();
  await expect(panel.getByText(/^Fitted version 1 from \d+ completed studies\.$/)).toBeVisible({
    timeout: 180_000,
  });
  const crossValidated = panel.getByRole('table', { name: 'Cross-validated coverage' });
  await expect(crossValidated.getByRole('row', { name: /^Fitted \(version 1\)/ })).toContainText('%');
  await panel.getByRole('button', { name: 'Approve as version 1' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Approve as version 1?' });
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(panel.getByText('Current (Calibration version 1)', { exact: true }).first()).toBeVisible();

  // The planner runs the plan again from its review: the run names version 1 and its P10-P90 is another.
  await planner.getByRole('button', { name: 'Edit Study Plan', exact: true }).click();
  await planner.getByRole('button', { name: /3\s*Review Study Plan/ }).click();
  await expect(planner).toHaveURL(/\/review$/);
  await planner.getByRole('button', { name: 'Finish & Run Simulation' }).click();
  await expect(planner).toHaveURL(/\/simulation$/);
  await finishedRun(planner);
  const after = await readRun(planner);
  expect(after.settings).toBe('Calibration version 1');
  // Fitted to studies that spread more than the defaults assume, the interval widens.
  expect(after.p90 - after.p10).toBeGreaterThan(before.p90 - before.p10);

  // Both runs are forecasts of record in the plan's Forecast History.
  await planner.getByRole('link', { name: 'Forecast History' }).click();
  await expect(planner.getByRole('heading', { name: `Forecast History: ${PLAN}`, level: 1 })).toBeVisible();
  const records = planner.getByRole('region', { name: 'Forecasts of record' }).getByRole('table');
  await expect(records.getByRole('row')).toHaveCount(3);
});
