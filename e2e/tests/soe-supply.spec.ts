import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openStudy } from './plan-helpers';
import { signIn } from './sign-in';

/** The melanoma study: its demo SOE doses the study drug (flagged IP Administered) at every cycle's day 1. */
const STUDY = '2025-ONC-0303';

const number = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** The All countries row of the Shipment Plan: its cells by column header. */
async function allCountries(page: Page) {
  const plan = page.getByRole('table', { name: 'Shipment Plan' });
  const headers = await plan.getByRole('columnheader').allTextContents();
  const row = plan.getByRole('row').filter({ has: page.getByText('All countries', { exact: true }) });
  await expect(row).toHaveCount(1);
  const cells = await row.getByRole('cell').allTextContents();
  return (header: string) => number(cells[headers.findIndex((h) => h.trim() === header)] ?? null);
}

/** The Supply by Month table's Shipment column, month by month. */
async function shipments(page: Page) {
  const months = page.getByRole('table', { name: 'Supply by Month: All countries' });
  await expect(months.locator('tbody tr').first()).toBeVisible();
  return (await months.locator('tbody tr').allTextContents()).join('|');
}

test("a planner reads the melanoma SOE's IP supply and moves its shipment plan with the confidence", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await signIn(page, 'planner');
  await openStudy(page, STUDY);
  const actions = page.getByRole('button', { name: /^Actions for .+ SoE/ });
  const soeName = (await actions.getAttribute('aria-label'))!.replace('Actions for ', '');
  await actions.click();
  await page.getByRole('menuitem', { name: 'Forecast' }).click();
  await page.getByRole('tab', { name: 'IP Supply' }).click();
  await expect(page).toHaveURL(/\/forecast\?tab=supply$/);
  const studyId = Number(/study-plans\/(\d+)\//.exec(page.url())![1]);

  // P90 by default: the shipment plan ships kits, and the chart draws its band.
  await expect(page.getByRole('combobox', { name: 'Confidence' })).toHaveText('P90');
  // All countries, then each country of the plan.
  const planRows = page.getByRole('table', { name: 'Shipment Plan' }).locator('tbody tr');
  await expect(planRows.nth(1)).toBeVisible({ timeout: 30_000 });
  const p90 = await allCountries(page);
  const shipped = p90('Kits Shipped');
  expect(shipped).toBeGreaterThan(100);
  expect(p90('Plan Kits')).toBeGreaterThan(100);
  await expect(page.getByText(/^P90 shipment plan over 200 replications: [\d,]+ kits shipped/)).toContainText(
    shipped.toLocaleString('en-US'),
  );
  await expect(
    page
      .getByRole('img', { name: /^Cumulative kits of All countries from \w{3} \d{4} to \w{3} \d{4}/ })
      .locator('canvas'),
  ).toBeVisible();
  const atP90 = await shipments(page);

  // P50: the demand quantile it covers is lower, so the same kits go out later and less safety stock is held.
  await page.getByRole('combobox', { name: 'Confidence' }).click();
  await page.getByRole('option', { name: 'P50' }).click();
  await expect(page.getByText(/^P50 shipment plan over 200 replications/)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => shipments(page)).not.toBe(atP90);
  const p50 = await allCountries(page);
  expect(p50('Peak Safety Stock')).toBeLessThan(p90('Peak Safety Stock'));
  expect(p50('Kits Shipped')).toBeLessThanOrEqual(shipped);

  // One country at a time.
  await page.getByRole('combobox', { name: 'Country' }).click();
  const country = page.getByRole('option').nth(1);
  const name = (await country.textContent())!;
  await country.click();
  await expect(page.getByRole('table', { name: `Supply by Month: ${name}` })).toBeVisible();

  // Export: the shipment plan, the months of every country and the settings.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Supply' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^${soeName} IP Supply_\\d{4}-\\d{2}-\\d{2}_\\d{6}_${studyId}\\.xlsx$`),
  );
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  expect(workbook.worksheets.map((s) => s.name)).toEqual(['Shipment Plan', 'Supply by Month', 'Settings']);
  expect(workbook.getWorksheet('Shipment Plan')!.getRow(2).getCell(1).value).toBe('All countries');
});
