import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openStudy } from './plan-helpers';
import { signIn } from './sign-in';

/** The melanoma demo study: its seed runs these three plans at first start (demo-plans.ts, demo-actuals.ts). */
const STUDY = '2025-ONC-0303';
const PLANS = ['Base case - country rates', 'Rates and sponsor target combined', 'Baseline - contracted'];
const DATE = /^\d{2}\/[A-Z][a-z]{2}\/\d{4}/;

test('a planner compares the three demo plans, reads LPI P50 for each, toggles a band and exports', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await signIn(page, 'planner');
  await openStudy(page, STUDY);

  const plans = page.getByRole('region', { name: 'Study Plans' });
  const compare = plans.getByRole('button', { name: 'Compare', exact: true });
  await expect(compare).toBeDisabled();
  // Filtered by name (the filter row is always shown), so plans other journeys add cannot push them off the page.
  const nameFilter = plans.getByRole('textbox', { name: 'Filter Study Plan Name' });
  for (const name of PLANS) {
    await nameFilter.fill(name);
    await plans.getByRole('checkbox', { name: `Compare ${name}`, exact: true }).check();
  }
  await expect(compare).toBeEnabled();
  await compare.click();

  await expect(page).toHaveURL(/\/ctpo\/study-plans\/\d+\/compare\?plans=\d+,\d+,\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Compare scenarios: ${STUDY}`);
  const milestones = page.getByRole('table', { name: 'Milestones' });
  const header = milestones.locator('thead th');
  for (const [i, name] of PLANS.entries()) await expect(header.nth(i + 1)).toContainText(name);
  const lpiP50 = milestones.getByRole('row', { name: /^Last patient in \(LPI\) P50/ }).getByRole('cell');
  await expect(lpiP50).toHaveCount(PLANS.length);
  for (let i = 0; i < PLANS.length; i++) await expect(lpiP50.nth(i)).toHaveText(DATE);

  const band = page.getByRole('checkbox', { name: `${PLANS[1]} P10-P90 band` });
  await expect(band).toBeChecked();
  await band.uncheck();
  await expect(band).not.toBeChecked();
  await expect(page.getByRole('img', { name: /Cumulative patients enrolled/ })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export comparison' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${STUDY}_scenario comparison.xlsx`);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  expect(workbook.worksheets.map((s) => s.name)).toEqual([
    'Inputs',
    'Milestones',
    'Enrollment and sites',
    'Cost',
    'Enrollment band',
  ]);
});

test('a viewer opens a shared comparison address', async ({ page }) => {
  await page.goto('/');
  await signIn(page, 'viewer');
  await openStudy(page, STUDY);
  const studyUrl = page.url();
  const response = await page.request.get(`/ctpo/plans/study/${studyUrl.split('/').pop()}`);
  const rows = (await response.json()) as { studyPlanId: number; studyPlanName: string }[];
  const ids = PLANS.map((name) => rows.find((r) => r.studyPlanName === name)!.studyPlanId);
  await page.goto(`${studyUrl}/compare?plans=${ids.join(',')}`);
  await expect(page.getByRole('table', { name: 'Inputs' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Milestones' }).locator('thead th').nth(1)).toContainText(
    PLANS[0]!,
  );
});
