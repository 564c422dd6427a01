import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openStudy } from './plan-helpers';
import { signIn } from './sign-in';

/** The melanoma study: its plan 'Base case - country rates' has five countries and its CTMS extract has sites. */
const STUDY = '2025-ONC-0303';
const PLAN = 'Base case - country rates';
const SOE = 'E2E melanoma SOE';
const CLONE = 'E2E melanoma SOE copy';

/** spec/2 section 5, word for word. */
const MESSAGES = {
  nameUnique: 'Schedule of Events name must be unique',
  rows: [
    'Visit Category is required for each visit entry.',
    'Visit Name is required and need to be unique for each visit entry.',
    'Visit study Day is required.',
    'Assessment Type is required for each assessment entry.',
    'Assessment Name is required and need to be unique for each assessment entry.',
    'Assessment cost is required for each assessment entry.',
    'Assessment Name Mapping should be empty or be selected from the list.',
  ],
};
/** spec/2 section 9. */
const SHEETS = [
  'Visits Table',
  'Country Visits Table',
  'Site Visits Table',
  'Assessments Table',
  'Country Assessments Table',
  'Site Assessments Table',
  'SOE Table',
  'Initial Risk Assessment',
  'Visit Sampling Strategy',
];

const section = (page: Page, id: string) => page.locator(`#${id}-header`);
const bottomButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const saved = (page: Page) => expect(page.getByText('Saved successfully').last()).toBeVisible();

/** Opens a study-tab section (opening one closes the others) and answers its table. */
async function openTable(page: Page, id: 'visits' | 'assessments' | 'grid', table: string): Promise<Locator> {
  const t = page.getByRole('table', { name: table, exact: true });
  if (!(await t.isVisible())) await section(page, id).click();
  await expect(t).toBeVisible();
  return t;
}

async function save(page: Page) {
  await bottomButton(page, 'Save').click();
  await saved(page);
  await expect(bottomButton(page, 'Save')).toBeDisabled();
}

/** Picks an option of an Autocomplete by typing part of it. */
async function pick(page: Page, box: Locator, text: string, option: string | RegExp) {
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

test.describe.serial('the SOE editor', () => {
  test.setTimeout(150_000);

  test('a planner builds an SOE, costs it per country and site, saves, clones and exports it', async ({
    page,
  }) => {
    await page.goto('/');
    await signIn(page, 'planner');
    await openStudy(page, STUDY);

    // Create, linked to the plan; first with the name of one of the study's SOEs, for the uniqueness message.
    const taken = await page
      .getByRole('region', { name: 'Schedules of Events' })
      .getByRole('link')
      .first()
      .textContent();
    await page.getByRole('button', { name: 'Add Schedule of Events' }).click();
    const create = page.getByRole('dialog', { name: 'Create Schedule of Events' });
    await create.getByRole('textbox', { name: 'SOE Name' }).fill(taken!);
    await create.getByRole('textbox', { name: 'SOE Description' }).fill('Built by the end-to-end test.');
    await create.getByRole('combobox', { name: /^Linked Study Plan/ }).click();
    await page.getByRole('option', { name: PLAN, exact: true }).click();
    await create.getByLabel('Protocol Version Not Available').check();
    await create.getByLabel('Protocol Date Not Available').check();
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText(MESSAGES.nameUnique).first()).toBeVisible();
    await create.getByRole('textbox', { name: 'SOE Name' }).fill(SOE);
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create).toBeHidden();
    await page.getByRole('link', { name: SOE, exact: true }).click();
    await expect(page.getByRole('heading', { name: SOE, exact: true })).toBeVisible();
    // The Study tab first, then the plan's countries (the US group as ' - C').
    await expect(page.getByRole('tab').first()).toHaveText('Study');
    await expect(page.getByRole('tab', { name: 'USA - C' })).toBeVisible();

    // Blank rows and a typed name mapping: Save lists the seven row messages and saves nothing.
    const visits = await openTable(page, 'visits', 'Visits');
    await page.locator('#visits-content').getByRole('button', { name: 'Add Row' }).click();
    await page.locator('#visits-content').getByRole('button', { name: 'Add Row' }).click();
    let assessments = await openTable(page, 'assessments', 'Assessments');
    await page.locator('#assessments-content').getByRole('button', { name: 'Add Row' }).click();
    await page.locator('#assessments-content').getByRole('button', { name: 'Add Row' }).click();
    await assessments.getByLabel('Name mapping of assessment 1').fill('Not a listed name');
    await bottomButton(page, 'Save').click();
    const errors = page.getByRole('alert').filter({ hasText: 'Please correct the following' });
    for (const message of MESSAGES.rows) await expect(errors.getByText(message)).toBeVisible();
    await expect(errors.getByTitle('2 entries')).toHaveCount(6);

    // The assessments: a Procedure with overhead and a Non Procedure without.
    await assessments.getByLabel('Name mapping of assessment 1').fill('');
    await assessments.getByLabel('Type of assessment 1').selectOption('Procedure');
    await assessments.getByLabel('Assessment name 1').fill('Lab Panel');
    await assessments.getByLabel('Cost of Lab Panel').fill('100');
    await assessments.getByLabel('Overhead Lab Panel').check();
    await assessments.getByLabel('Type of assessment 2').selectOption('Non Procedure');
    await assessments.getByLabel('Assessment name 2').fill('Nurse Call');
    await assessments.getByLabel('Cost of Nurse Call').fill('40');

    // The visits: Week 1 is entered first, then moved below Screening.
    await openTable(page, 'visits', 'Visits');
    await visits.getByLabel('Category of visit 1').selectOption('Treatment');
    await visits.getByLabel('Visit name 1').fill('Week 1');
    await visits.getByLabel('Study Day of Week 1').fill('7');
    await visits.getByLabel('Category of visit 2').selectOption('Screening');
    await visits.getByLabel('Visit name 2').fill('Screening');
    await visits.getByLabel('Study Day of Screening').fill('0');
    await visits.getByLabel('Overhead % of Screening').fill('10');
    await visits.getByLabel('Move Screening up').click();
    await expect(visits.getByLabel('Visit name 1')).toHaveValue('Screening');
    await expect(errors).toBeHidden();

    // The grid: Lab Panel x2 and Nurse Call x1 at Screening; Lab Panel at Week 1.
    const grid = await openTable(page, 'grid', 'Schedule of Events');
    await grid.getByLabel('Tick Lab Panel at Screening').check();
    await grid.getByLabel('Multiplier of Lab Panel at Screening').fill('2');
    await grid.getByLabel('Tick Nurse Call at Screening').check();
    await grid.getByLabel('Tick Lab Panel at Week 1').check();
    const total = (row: string, visit: string) => grid.getByLabel(`${row} of ${visit}`);
    // Screening: 2 x 100 + 1 x 40 = 240; overhead 10 % of the overhead assessments' 200 = 20; total 260.
    await expect(total('Assessment Count', 'Screening')).toHaveText('3');
    await expect(total('Assessment Cost', 'Screening')).toHaveText('$240.00');
    await expect(total('Visit Overhead', 'Screening')).toHaveText('$20.00');
    await expect(total('Total Visit Cost', 'Screening')).toHaveText('$260.00');
    await expect(total('Total Visit Cost', 'Week 1')).toHaveText('$100.00');
    await save(page);

    // Germany: its own currency and rate, and its own cost of Lab Panel.
    await page.getByRole('tab', { name: 'DEU' }).click();
    await expect(page).toHaveURL(/sg=[1-9]/);
    await pick(page, page.getByRole('combobox', { name: 'Currency' }), 'euro', 'EUR - Euro');
    await page.getByRole('textbox', { name: 'Exchange Rate' }).fill('0.92');
    const countryAssessments = page.getByRole('table', { name: 'Assessments' });
    await countryAssessments.getByLabel('Cost of Lab Panel').fill('80');
    await expect(
      page.getByRole('table', { name: 'Visits' }).getByLabel('Overhead % of Screening'),
    ).toHaveAttribute('placeholder', '10 from study');
    await save(page);

    // A German site with an executed contract: its own visit cost of Screening.
    await page.getByRole('button', { name: 'Refresh Site List' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Site list refreshed' })).toBeVisible();
    const sitePicker = page.getByRole('combobox', { name: 'Site List' });
    await sitePicker.click();
    const site = page.getByRole('option').nth(1);
    const siteLabel = (await site.textContent())!;
    await site.click();
    await expect(page).toHaveURL(/siteId=(?!1\b)\d+/);
    const siteVisits = page.getByRole('table', { name: 'Visits' });
    await siteVisits.getByLabel('Visit cost of Screening', { exact: true }).fill('300');
    await expect(
      page.getByRole('table', { name: 'Assessments' }).getByLabel('Cost of Lab Panel'),
    ).toHaveAttribute('placeholder', '€80.00 from country');
    await save(page);

    // Reload: everything is back.
    await page.reload();
    await expect(sitePicker).toHaveValue(siteLabel);
    await expect(siteVisits.getByLabel('Visit cost of Screening', { exact: true })).toHaveValue('€300.00');
    // Back to Germany's own level (its tab is the one open): the first entry of the site list.
    await sitePicker.click();
    await page.getByRole('option').first().click();
    await expect(page).toHaveURL(/siteId=1\b/);
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR - Euro');
    await expect(page.getByRole('textbox', { name: 'Exchange Rate' })).toHaveValue('0.92');
    await expect(
      page.getByRole('table', { name: 'Assessments' }).getByLabel('Cost of Lab Panel'),
    ).toHaveValue('€80.00');
    await page.getByRole('tab', { name: 'Study' }).click();
    // The reload kept the grid open, the last table edited; opening Visits closes it (spec/2 section 2).
    await expect(page.getByRole('table', { name: 'Schedule of Events', exact: true })).toBeVisible();
    await openTable(page, 'visits', 'Visits');
    await expect(grid).toBeHidden();
    await expect(visits.getByLabel('Visit name 1')).toHaveValue('Screening');
    await expect(visits.getByLabel('Visit name 2')).toHaveValue('Week 1');
    assessments = await openTable(page, 'assessments', 'Assessments');
    await expect(assessments.getByLabel('Cost of Lab Panel')).toHaveValue('$100.00');
    await openTable(page, 'grid', 'Schedule of Events');
    await expect(grid.getByLabel('Multiplier of Lab Panel at Screening')).toHaveValue('2');
    await expect(total('Total Visit Cost', 'Screening')).toHaveText('$260.00');

    // Export Tables: the nine sheets.
    await bottomButton(page, 'Export Tables').click();
    const exportDialog = page.getByRole('dialog', { name: 'Export Tables' });
    const download = page.waitForEvent('download');
    await exportDialog.getByRole('button', { name: 'Export' }).click();
    const file = await (await download).path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(SHEETS);
    await exportDialog.getByRole('button', { name: 'Close' }).click();

    // Clone from the study page: the clone opens in the editor with the visits.
    await page.getByRole('link', { name: 'Back to SOE List' }).click();
    await page.getByRole('button', { name: `Actions for ${SOE}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Clone' }).click();
    const clone = page.getByRole('dialog', { name: 'Clone Schedule of Events' });
    await clone.getByRole('textbox', { name: 'SOE Name' }).fill(CLONE);
    await clone.getByRole('button', { name: 'Clone' }).click();
    await expect(page.getByRole('heading', { name: CLONE })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Visits' }).getByLabel('Visit name 2')).toHaveValue(
      'Week 1',
    );
  });

  test('a viewer opens the same SOE with everything disabled and only View', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page, 'viewer');
    await openStudy(page, STUDY);
    await page.getByRole('button', { name: `Actions for ${SOE}`, exact: true }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['View SOE', 'Forecast']);
    await page.getByRole('menuitem', { name: 'View SOE' }).click();
    await expect(page.getByRole('heading', { name: SOE, exact: true })).toBeVisible();

    const visits = page.getByRole('table', { name: 'Visits' });
    await expect(visits.getByLabel('Visit name 1')).toBeDisabled();
    await expect(visits.getByLabel('Category of Screening')).toBeDisabled();
    await expect(visits.getByLabel('Move Week 1 up')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add Row' })).toHaveCount(0);
    for (const name of ['Save', 'Edit', 'Upload', 'Cancel'])
      await expect(bottomButton(page, name)).toHaveCount(0);
    await section(page, 'grid').click();
    await expect(page.getByLabel('Tick Lab Panel at Screening')).toBeDisabled();
    await page.getByRole('tab', { name: 'DEU' }).click();
    await expect(page.getByRole('combobox', { name: 'Currency' })).toBeDisabled();
    await expect(
      page.getByRole('table', { name: 'Assessments' }).getByLabel('Cost of Lab Panel'),
    ).toBeDisabled();

    await bottomButton(page, 'View').click();
    const view = page.getByRole('dialog', { name: 'View Schedule of Events' });
    await expect(view.getByRole('textbox', { name: 'SOE Name' })).toBeDisabled();
    await view.getByRole('button', { name: 'Close' }).click();
    await context.close();
  });
});

/** No header cell of the table shows less than its text (scrollWidth over clientWidth is a cut header). */
const cutHeaders = (page: Page, table: string) =>
  page.evaluate(`[...document.querySelectorAll('table[aria-label="${table}"] th')]
    .filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent)`);
/** How far the table's content runs past its own scroll box, and whether the page itself scrolls sideways. */
const overflow = (page: Page, table: string) =>
  page.evaluate(`(() => { const box = document.querySelector('table[aria-label="${table}"]').parentElement;
    return { table: box.scrollWidth - box.clientWidth,
      page: document.documentElement.scrollWidth - window.innerWidth }; })()`);

test('at 1280 px the editor tables fit their box, or scroll inside it with whole headers', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signIn(page, 'planner');
  await openStudy(page, STUDY);
  await page.getByRole('link', { name: / SoE v\d+$/ }).click();
  await expect(page.getByRole('table', { name: 'Visits', exact: true })).toBeVisible();
  // spec/2 section 2: the address names all three of bf, siteId and sg from the first load on.
  await expect(page).toHaveURL(/\?bf=&siteId=1&sg=0$/);
  expect(await overflow(page, 'Visits')).toEqual({ table: 0, page: 0 });
  // The field-type views add columns: wider than the box, they scroll inside it, headers whole.
  for (const view of ['Clinical Strategy', 'Data Management']) {
    await page.getByRole('button', { name: view, exact: true }).click();
    expect(await cutHeaders(page, 'Visits')).toEqual([]);
    expect(await overflow(page, 'Visits')).toMatchObject({ page: 0 });
  }
  await openTable(page, 'assessments', 'Assessments');
  expect(await overflow(page, 'Assessments')).toEqual({ table: 0, page: 0 });
  expect(await cutHeaders(page, 'Assessments')).toEqual([]);
});
