import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openStudy } from './plan-helpers';
import { signIn } from './sign-in';

/** A demo study whose seed gives it a Baseline Plan with a finished run and a CTMS extract older than 24 hours. */
const ACTUALS_STUDY = '2025-ONC-0303';
/** spec/3 section 2, word for word. */
const NO_BASELINE_PLAN_MESSAGE =
  "A Study Plan with a status of 'Baseline Plan' is not available. Please create a Study Plan with a status of " +
  "'Baseline Plan' before trying to view the Study Actual data.";
/** A demo study with plans of no 'Baseline Plan' status (no other spec gives it one). */
const NO_BASELINE_STUDY = '2025-ONC-0241';

async function openActuals(page: Page, user: 'planner' | 'viewer') {
  await page.goto('/');
  await signIn(page, user);
  await openStudy(page, ACTUALS_STUDY);
  await page.getByRole('link', { name: 'Study Actuals' }).click();
  await expect(page).toHaveURL(/\/ctpo\/study-actuals\/\d+$/);
  return page.getByRole('table', { name: 'Study Actuals' });
}

test('a planner reads the actuals, opens the site list, filters it and exports the three sheets', async ({
  page,
}, testInfo) => {
  const table = await openActuals(page, 'planner');
  await expect(table.getByRole('rowheader', { name: /^Patients Enrolled/ })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /^Sites Activated/ })).toBeVisible();
  await expect(table.locator('[data-status]').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'REMODEL' })).toBeVisible();

  await page.getByRole('button', { name: 'VIEW SITE LIST' }).click();
  const dialog = page.getByRole('dialog', { name: 'View Site List' });
  const included = dialog.getByRole('table', { name: 'Sites Included' });
  await expect(included.locator('tbody tr').first()).toContainText('Total');
  await dialog.getByRole('tab', { name: /CLOSED SITES/ }).click();
  await expect(dialog.getByText(/will not be factored into projecting patients/)).toBeVisible();
  await dialog.getByRole('tab', { name: /Sites Included/ }).click();

  await dialog.getByRole('button', { name: 'Filters' }).click();
  const totalBefore = await included.locator('tbody tr').first().textContent();
  const firstCountry = (await included.locator('tbody tr').nth(1).locator('td').first().textContent()) ?? '';
  await dialog.getByRole('textbox', { name: 'Filter Country' }).fill(firstCountry);
  await expect(included.locator('tbody tr').first()).not.toHaveText(totalBefore ?? '');

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /^Export (Filtered )?Tables$/ }).click();
  const download = await downloading;
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  expect(workbook.worksheets.map((s) => s.name)).toEqual([
    'Sites Included in Remodel',
    'Closed Sites in Remodel',
    'Sites Not Included in Remodel',
  ]);
  const sheet = workbook.getWorksheet('Sites Included in Remodel')!;
  expect(sheet.actualRowCount).toBeGreaterThan(1);
  for (let r = 2; r <= sheet.actualRowCount; r++) expect(sheet.getCell(r, 2).value).toBe(firstCountry);
});

test('a viewer sees the actuals without REMODEL; a study without a Baseline Plan shows the message', async ({
  page,
}) => {
  const table = await openActuals(page, 'viewer');
  await expect(table.getByRole('rowheader', { name: /^Patients Enrolled/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'VIEW SITE LIST' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'REMODEL' })).toHaveCount(0);

  await openStudy(page, NO_BASELINE_STUDY);
  await page.getByRole('link', { name: 'Study Actuals' }).click();
  await expect(page.getByText(NO_BASELINE_PLAN_MESSAGE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'VIEW SITE LIST' })).toHaveCount(0);
});

/** A two-site extract for the Poland site group of 2025-DER-0031, as the template lays it out. */
async function polandExtract(file: string) {
  const wb = new ExcelJS.Workbook();
  const sites = wb.addWorksheet('Sites');
  sites.addRow([
    'Site Number',
    'PI Name',
    'Country ISO3',
    'Central / Local',
    'Site Selected Date',
    'Site Activated Date',
    'Site Activation Forecast Date',
    'Site Status',
    'Contract Status',
    'Currency',
  ]);
  for (const n of [901, 902]) {
    sites.addRow([
      `POL-${n}`,
      `Dr E2E ${n}`,
      'POL',
      null,
      new Date(Date.UTC(2026, 0, 5)),
      new Date(Date.UTC(2026, 2, 2)),
      null,
      'Enrolling',
      'Executed',
      'PLN',
    ]);
  }
  const months = wb.addWorksheet('Site Months');
  months.addRow([
    'Site Number',
    'Month',
    'Screened',
    'Enrolled',
    'Completed Treatment',
    'Dropped Out',
    'Completed Follow-up',
  ]);
  // 7 enrolled in all.
  months.addRow(['POL-901', '2026-04', 5, 4, 0, 0, 0]);
  months.addRow(['POL-902', '2026-05', 4, 3, 0, 1, 0]);
  await wb.xlsx.writeFile(file);
}

/** Uploads the Poland-only extract through IMPORT ACTUALS on the open Study Actuals page. */
async function uploadPolandExtract(page: Page, file: string) {
  await page.getByRole('button', { name: 'IMPORT ACTUALS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Actuals' });
  await expect(dialog.getByText('The actuals were recomputed from the latest CTMS extract.')).toBeVisible();
  await polandExtract(file);
  await dialog.getByLabel('CTMS extract file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('The CTMS extract was uploaded and the actuals recomputed.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
}

test('a planner uploads a changed extract and sees the numbers move', async ({ page }, testInfo) => {
  await page.goto('/');
  await signIn(page, 'planner');
  await openStudy(page, '2025-DER-0031');
  await page.getByRole('link', { name: 'Study Actuals' }).click();
  const table = page.getByRole('table', { name: 'Study Actuals' });
  const enrolled = table
    .getByRole('row', { name: /^Patients Enrolled/ })
    .getByRole('cell')
    .nth(1);
  await expect(enrolled).not.toHaveText('7');

  await uploadPolandExtract(page, testInfo.outputPath('poland-extract.xlsx'));

  await expect(enrolled).toHaveText('7');
  await expect(
    table
      .getByRole('row', { name: /^Sites Activated/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('2');
});

test("a planner remodels a demo study with 'actual' rates, one country removed and Germany's sites changed, runs it and reads Go Forward", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const table = await openActuals(page, 'planner');
  await expect(table.getByRole('rowheader', { name: /^Patients Enrolled/ })).toBeVisible();
  // The demo extract is two days old: the 24-hour gate is open and REMODEL leads to the form.
  await page.getByRole('link', { name: 'REMODEL' }).click();
  await expect(page).toHaveURL(/\/ctpo\/study-actuals\/\d+\/remodel$/);
  await expect(page.getByRole('heading', { name: 'Remodel' })).toBeVisible();
  const remodelUrl = page.url();
  // Countries with actual or closed sites cannot be removed; the demo's fourth country has not started yet.
  await expect(
    page.getByRole('region', { name: 'Germany' }).getByRole('radio', { name: 'Remove Country' }),
  ).toBeDisabled();
  const italy = page.getByRole('region', { name: 'Italy' });
  await expect(italy.getByRole('radio', { name: 'Remove Country' })).toBeEnabled();
  const name = `E2E Remodel ${Date.now() % 100000}`;
  await page.getByLabel(/^Study Plan Name/).fill(name);
  await page.getByLabel(/^Study Plan Description/).fill('Go forward at the actual rates, without Italy');
  await page
    .getByRole('radiogroup', { name: 'Overall Enrollment Rate' })
    .getByRole('radio', { name: /^Actual/ })
    .check();
  await italy.getByRole('radio', { name: 'Remove Country' }).check();
  // Germany goes forward with another site count (issue 23: the plan stores what the form chose).
  const germany = page.getByRole('region', { name: 'Germany' });
  await germany
    .getByRole('radiogroup', { name: 'Germany Sites' })
    .getByRole('radio', { name: 'Other' })
    .check();
  await germany.getByLabel(/^Germany Other Sites/).fill('8');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Remodel submitted successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/ctpo\/study-plans\/\d+\/\d+\/review$/);
  await expect(page.getByText(name).first()).toBeVisible();

  // The review shows the plan the form chose: no Italy tab, Germany with 8 sites, its override on (spec/1).
  const countryTabs = page.getByRole('tablist', { name: 'Countries' });
  await expect(countryTabs.getByRole('tab', { name: 'DEU' })).toBeVisible();
  await expect(countryTabs.getByRole('tab', { name: 'ITA' })).toHaveCount(0);
  await countryTabs.getByRole('tab', { name: 'DEU' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(
    panel.locator('dt', { hasText: /^Activated Sites$/ }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(/^8( - 8)?$/);
  await expect(panel.getByText('Override: Yes')).toBeVisible();

  // Run it from its review and read the Go Forward columns of the results.
  await page.getByRole('button', { name: 'Finish & Run Simulation' }).click();
  await expect(page).toHaveURL(/\/simulation$/);
  const planId = /\/(\d+)\/simulation$/.exec(page.url())?.[1];
  const runStatus = async () =>
    (
      (await (await page.request.get(`/ctpo/simulation/status/plan/${planId}`)).json()) as {
        simOptRunStatus: string;
      }
    ).simOptRunStatus;
  await expect.poll(runStatus, { timeout: 180_000, intervals: [250] }).toBe('COMPLETED_OK');
  const summary = page.getByRole('table', { name: 'Summary', exact: true });
  await expect(summary.getByRole('columnheader', { name: /Enrollment Rate Go Forward/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(summary.getByRole('columnheader', { name: /Screen Rate Go Forward/ })).toBeVisible();
  const headers = await summary.getByRole('columnheader').allTextContents();
  const column = headers.findIndex((h) => h.includes('Enrollment Rate Go Forward'));
  const overall = summary
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Overall', exact: true }) });
  // The row header is the first cell of the row; the Go Forward value is a rate with 2 decimals.
  await expect(overall.locator('th, td').nth(column)).toHaveText(/^\d+\.\d{2}$/);
  // The Summary has no Italy and shows Germany's 8 sites, as the review did.
  await expect(summary.getByRole('rowheader', { name: 'Italy', exact: true })).toHaveCount(0);
  const sitesColumn = headers.findIndex((h) => h.includes('Activated Sites'));
  const germanyRow = summary
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Germany', exact: true }) });
  await expect(germanyRow.locator('th, td').nth(sitesColumn)).toHaveText('8');

  // A viewer is sent back from the remodel route to the actuals.
  const viewer = await browser.newPage();
  await viewer.goto(new URL('/', remodelUrl).href);
  await signIn(viewer, 'viewer');
  await expect(viewer.getByLabel('Username')).toHaveCount(0);
  await viewer.goto(remodelUrl);
  await expect(viewer).toHaveURL(/\/ctpo\/study-actuals\/\d+$/);
  await viewer.close();
});
