import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  blankAssessmentInput,
  blankVisitInput,
  CSRF_HEADER,
  type SoeSaveInput,
  type SoeVisitInput,
} from '@predict/shared';
import ExcelJS from 'exceljs';
import { e2eEnv } from '../env';
import { openStudy } from './plan-helpers';
import { signIn } from './sign-in';

/** The melanoma study: its plan has five countries (Germany among them) and its CTMS extract has sites. */
const STUDY = '2025-ONC-0303';
const PLAN = 'Base case - country rates';
/** The study's demo SOE (named by its protocol, '... SoE v3'), which has costs. */
const DEMO_SOE = / SoE v\d+$/;
const SOE = 'E2E ePrice SOE';
const SAMPLE = path.resolve(import.meta.dirname, '../../docs/samples/sample-eprice.xlsx');
/** The first names of the assessment-name list: the sample prices them. */
const ASSESSMENTS = ['Informed Consent', 'Medical History', 'Demographics'];

/** spec/2 section 8, word for word. */
const TEXT = {
  succeeded: 'Upload completed successfully!',
  costDetected:
    'Cost data has been detected on this SOE. As a result, uploading of a new SOE to replace the data is being prevented. If adjustments are needed to the SOE either create a new SOE or make the edits directly to the SOE in the Visit, Assessment and SOE Mapping tables.',
  countryUploaded: 'Country costs uploaded successfully',
  countryFailed: 'Failed to upload country costs',
  errorsFound: 'Errors Found:',
  contractCompleted: 'Upload completed.',
  contractFailed: 'Upload failed.',
  imported: 'Uploaded successfully',
};
const UNKNOWN_ASSESSMENT = 'Not an assessment of this Schedule of Events.';
const SHOTS = e2eEnv.shotsDir;

const csrf = { [CSRF_HEADER]: '1' };
const bottomButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function shot(locator: Locator, name: string) {
  if (SHOTS) await locator.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** The sample's 'Per Procedure' visit names and each assessment's cost (column A name, column D cost). */
async function readSample() {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(SAMPLE);
  const ws = wb.getWorksheet('Per Procedure')!;
  let visits: string[] = [];
  const costs = new Map<string, number>();
  ws.eachRow((row) => {
    const label = String(row.getCell(1).value ?? '');
    if (label === 'Predict Visit Name') {
      for (let c = 5; c <= row.cellCount; c++) {
        const name = String(row.getCell(c).value ?? '');
        if (name && name !== 'Total') visits.push(name);
      }
    } else if (typeof row.getCell(4).value === 'number') costs.set(label, row.getCell(4).value as number);
  });
  visits = [...new Set(visits)];
  return { visits, costs };
}

const category = (name: string): SoeVisitInput['visitCategory'] =>
  name === 'Screening'
    ? 'Screening'
    : name === 'Unscheduled'
      ? 'Unscheduled'
      : name === 'Close Out'
        ? 'Close Out'
        : /Follow/.test(name)
          ? 'Follow Up'
          : 'Treatment';

/** Gives the new SOE the sample's visits and three cost-free assessments (one save, as the editor sends it). */
async function fillSoe(page: Page, soeId: number, visits: string[]) {
  const read = await page.request.get(`/ctpo/soe/${soeId}`);
  const version = ((await read.json()) as { data: { version: number }[] }).data[0]!.version;
  const body: SoeSaveInput = {
    version,
    visits: visits.map((name, i) => ({
      ...blankVisitInput(`v${i}`),
      visitName: name,
      visitCategory: category(name),
      visitStudyDay: name === 'Unscheduled' ? null : i * 7,
    })),
    assessments: ASSESSMENTS.map((name, i) => ({
      ...blankAssessmentInput(`a${i}`),
      assessmentType: 'Procedure',
      assessmentName: name,
      assessmentCost: 0,
    })),
  };
  const saved = await page.request.post(`/ctpo/soe/${soeId}/save`, { data: body, headers: csrf });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** A workbook written with exceljs into `dir`: one sheet per entry, rows from row 1 (null: an empty cell). */
async function workbook(dir: string, name: string, sheets: Record<string, (string | number | null)[][]>) {
  const wb = new ExcelJS.Workbook();
  for (const [sheet, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(sheet);
    rows.forEach((row, r) =>
      row.forEach((v, c) => {
        if (v !== null) ws.getCell(r + 1, c + 1).value = v;
      }),
    );
  }
  const file = path.join(dir, name);
  await wb.xlsx.writeFile(file);
  return file;
}
/** A country-cost row: the name in column G, the cost in column H. */
const gh = (name: string, cost: number | string) => [null, null, null, null, null, null, name, cost];

async function upload(dialog: Locator, file: string) {
  await dialog.getByTestId('xlsx-file-input').setInputFiles(file);
  await expect(dialog.getByText(path.basename(file))).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload' }).click();
}

test.describe.serial('the SOE uploads', () => {
  test.setTimeout(180_000);
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a planner uploads the sample ePrice into a cost-free SOE, then country costs and a site contract', async ({
    page,
  }) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'soe-uploads-'));
    const sample = await readSample();
    await page.goto('/');
    await signIn(page, 'planner');
    await openStudy(page, STUDY);

    // A new SOE linked to the plan (its countries become the tabs), with the sample's visits and no costs.
    await page.getByRole('button', { name: 'Add Schedule of Events' }).click();
    const create = page.getByRole('dialog', { name: 'Create Schedule of Events' });
    await create.getByRole('textbox', { name: 'SOE Name' }).fill(SOE);
    await create.getByRole('textbox', { name: 'SOE Description' }).fill('Costed by the sample ePrice.');
    await create.getByRole('combobox', { name: /^Linked Study Plan/ }).click();
    await page.getByRole('option', { name: PLAN, exact: true }).click();
    await create.getByLabel('Protocol Version Not Available').check();
    await create.getByLabel('Protocol Date Not Available').check();
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create).toBeHidden();
    await page.getByRole('link', { name: SOE, exact: true }).click();
    await expect(page.getByRole('heading', { name: SOE })).toBeVisible();
    const soeId = Number(/\/soe\/(\d+)/.exec(page.url())![1]);
    await fillSoe(page, soeId, sample.visits);
    await page.reload();

    // Upload ePrice: choose file, choose target, processing, complete.
    await bottomButton(page, 'Upload').click();
    const eprice = page.getByRole('dialog', { name: 'Upload ePrice' });
    await eprice.getByTestId('xlsx-file-input').setInputFiles(SAMPLE);
    await shot(eprice, 'eprice-file');
    await eprice.getByRole('button', { name: 'Next' }).click();
    await eprice.getByRole('radio', { name: /^Predict - / }).check();
    await shot(eprice, 'eprice-target');
    await eprice.getByRole('button', { name: 'Upload' }).click();
    await expect(eprice.getByText(TEXT.succeeded)).toBeVisible({ timeout: 60_000 });
    await expect(eprice.getByText(/Applied 40 visit costs/)).toBeVisible();
    await shot(eprice, 'eprice-complete');
    await eprice.getByRole('button', { name: 'Close' }).click();
    await expect(eprice).toBeHidden();

    // The editor reloaded with the sample's costs (column D of 'Per Procedure').
    await page.locator('#assessments-header').click();
    const assessments = page.getByRole('table', { name: 'Assessments' });
    for (const name of ASSESSMENTS) {
      const cost = sample.costs.get(name)!.toLocaleString('en-US', { minimumFractionDigits: 2 });
      await expect(assessments.getByLabel(`Cost of ${name}`)).toHaveValue(`$${cost}`);
    }
    // The site fees became site-cost assessments: Site Start-Up Fee 3,500 once.
    await expect(assessments.getByLabel('Cost of Site Start-Up Fee')).toHaveValue('$3,500.00');

    // Germany: the default assessment costs of the reference data.
    await page.getByRole('tab', { name: 'DEU' }).click();
    await expect(page.getByRole('button', { name: 'Upload Site Contract' })).toBeDisabled();
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'country-tab.png') });
    await page.getByRole('button', { name: 'Default Assessment Costs' }).click();
    const defaults = page.getByRole('dialog', { name: /^Country Default Assessment Costs/ });
    const demographics = defaults.getByRole('row', { name: /^Demographics/ });
    // 25 data points for Demographics in Germany (seed/country-default-costs.json).
    await expect(demographics.getByRole('cell').last()).toHaveText('25');
    await shot(defaults, 'default-costs');
    await defaults.getByRole('radio', { name: 'Max' }).check();
    await defaults.getByRole('button', { name: 'Import Max' }).click();
    await expect(defaults.getByText(TEXT.imported, { exact: true })).toBeVisible();
    await defaults.getByRole('button', { name: 'Close' }).click();
    await expect(defaults).toBeHidden();

    // Upload Country Costs: one bad row lists its error and writes nothing; the fixed file is uploaded.
    await page.getByRole('button', { name: 'Upload Country Costs' }).click();
    const country = page.getByRole('dialog', { name: 'Upload Country Costs' });
    const header = gh('Assessment', 'Cost');
    await upload(
      country,
      await workbook(dir, 'country-bad.xlsx', {
        DEU: [header, gh('Informed Consent', 175), gh('Not A Real Test', 50)],
      }),
    );
    const countryErrors = country.getByRole('region', { name: TEXT.errorsFound });
    await expect(countryErrors).toContainText(`DEU!G3: ${UNKNOWN_ASSESSMENT}`);
    await expect(country.getByRole('alert')).toContainText(TEXT.countryFailed);
    await shot(country, 'country-costs-errors');
    await upload(
      country,
      await workbook(dir, 'country-good.xlsx', { DEU: [header, gh('Informed Consent', 175)] }),
    );
    await expect(country.getByText(TEXT.countryUploaded).first()).toBeVisible();
    await country.getByRole('button', { name: 'Close' }).click();
    await expect(country).toBeHidden();
    const countryAssessments = page.getByRole('table', { name: 'Assessments' });
    await expect(countryAssessments.getByLabel('Cost of Informed Consent')).toHaveValue(/175\.00/);

    // Upload Site Contract for a German site with an executed contract.
    await page.getByRole('button', { name: 'Refresh Site List' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Site list refreshed' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Site List' }).click();
    await page.getByRole('option').nth(1).click();
    await expect(page).toHaveURL(/siteId=(?!1\b)\d+/);
    await page.getByRole('button', { name: 'Upload Site Contract' }).click();
    const contract = page.getByRole('dialog', { name: 'Upload Site Contract' });
    const siteNumber = /site contract of site (.+?): a sheet/.exec((await contract.textContent())!)![1]!;
    const rows = (...extra: (string | number | null)[][]) => ({
      'Site Contract': [
        ['Site Number', siteNumber],
        [],
        ['Type', 'Name', 'Cost', 'Currency'],
        ['Visit', 'Screening', 300, null],
        ...extra,
      ],
    });
    await upload(
      contract,
      await workbook(dir, 'contract-bad.xlsx', rows(['Assessment', 'Not A Real Test', 10, null])),
    );
    await expect(contract.getByText(TEXT.contractFailed, { exact: true })).toBeVisible();
    await expect(contract.getByRole('region', { name: TEXT.errorsFound })).toContainText(
      `Site Contract!B5: ${UNKNOWN_ASSESSMENT}`,
    );
    await shot(contract, 'site-contract-errors');
    await upload(
      contract,
      await workbook(dir, 'contract-good.xlsx', rows(['Assessment', 'Medical History', 60, null])),
    );
    await expect(contract.getByText(TEXT.contractCompleted, { exact: true })).toBeVisible();
    await expect(contract.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await shot(contract, 'site-contract-completed');
    await contract.getByRole('button', { name: 'Continue' }).click();
    await expect(contract).toBeHidden();
    // The contract's visit amount is the site's Total Visit Cost, not a fixed visit cost added to the computed one.
    await expect(
      page
        .getByRole('table', { name: 'Visits' })
        .getByLabel('Total visit cost of Screening', { exact: true }),
    ).toHaveValue(/300\.00/);
  });

  test('the ePrice upload is refused on the demo SOE, which has costs', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'planner');
    await openStudy(page, STUDY);
    await page.getByRole('link', { name: DEMO_SOE }).click();
    await expect(page.getByRole('heading', { name: DEMO_SOE })).toBeVisible();
    await bottomButton(page, 'Upload').click();
    const eprice = page.getByRole('dialog', { name: 'Upload ePrice' });
    await expect(eprice.getByRole('alert')).toHaveText(TEXT.costDetected);
    await eprice.getByTestId('xlsx-file-input').setInputFiles(SAMPLE);
    await expect(eprice.getByRole('button', { name: 'Next' })).toBeDisabled();
    await shot(eprice, 'eprice-cost-detected');

    // The server refuses too (a visit or assessment cost at any level), with the same text.
    const soeId = Number(/\/soe\/(\d+)/.exec(page.url())![1]);
    const studyId = Number(/study-plans\/(\d+)/.exec(page.url())![1]);
    const answer = await page.request.post('/ctpo/files', {
      headers: csrf,
      data: {
        FileName: 'sample-eprice.xlsx',
        encodedData: readFileSync(SAMPLE).toString('base64'),
        FileAttrs: JSON.stringify({ scheduleOfEventsId: soeId, studyId, uploadType: 'Predict' }),
      },
    });
    expect(answer.status()).toBe(409);
    expect(((await answer.json()) as { message: string }).message).toBe(TEXT.costDetected);
  });
});
