import { crc32 } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openStudy } from './plan-helpers';
import { signIn } from './sign-in';

/** A laptop screen: every table's key columns must be readable here without scrolling sideways. */
const WIDTH = 1280;
/** Three lines of header text and the cell's padding; the start-up milestones once had eight lines. */
const MAX_HEADER_HEIGHT = 80;

/** The element lies wholly between the left and right edges of the window, as laid out (nothing scrolled). */
async function expectInsideWindow(locator: Locator, width = WIDTH) {
  const box = await locator.boundingBox();
  expect(box, (await locator.textContent()) ?? '').not.toBeNull();
  expect(box!.x, `left of ${await locator.textContent()}`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `right of ${await locator.textContent()}`).toBeLessThanOrEqual(width + 0.5);
}

const header = (table: Locator, name: string) => table.getByRole('columnheader', { name, exact: true });

async function expectHeadersInside(table: Locator, names: readonly string[], width = WIDTH) {
  for (const name of names) await expectInsideWindow(header(table, name), width);
}

async function expectHeaderRowBounded(table: Locator) {
  const box = await table.getByRole('row').first().boundingBox();
  expect(box!.height).toBeLessThanOrEqual(MAX_HEADER_HEIGHT);
}

/**
 * Every value of a label / value list keeps a readable column: beside a long plan description the Parameter
 * Summary's values once printed one character per line ('2 / 0 / m / o / n / t / h / s').
 */
async function expectReadableValues(list: Locator, minWidth = 100) {
  const values = await list.locator('dd').all();
  expect(values.length).toBeGreaterThan(0);
  for (const value of values) {
    const box = await value.boundingBox();
    expect(box!.width, `width of '${await value.textContent()}'`).toBeGreaterThanOrEqual(minWidth);
  }
}

/** The table is no wider than the box around it: nothing of it is cut off or needs scrolling. */
async function expectFitsItsBox(table: Locator) {
  const [content, box] = await table.evaluate((t) => [t.scrollWidth, t.parentElement!.clientWidth]);
  expect(
    content,
    `width of ${await table.getAttribute('aria-label')} in its box of ${box} px`,
  ).toBeLessThanOrEqual(box);
}

/** The page itself never scrolls sideways. */
async function expectNoPageScroll(page: Page) {
  // A string: the e2e workspace is typed for Node, not the DOM.
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
}

/** A zip of the given text files, stored (not deflated): all the import dialog needs to answer per study. */
function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const file = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(file.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(file.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, file, data);
    centrals.push(central, file);
    offset += local.length + file.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A line of body text, px, with room to spare: more than this is two lines. */
const ONE_LINE = 26;

test('at 1280 px the study list, the plan table and the result tables show their key columns', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: WIDTH, height: 800 });
  await page.goto('/');
  await signIn(page, 'planner');

  const studies = page.getByRole('table', { name: 'Studies' });
  await expect(studies.locator('tbody tr').first()).toBeVisible();
  await expectHeadersInside(studies, [
    'Project ID',
    'Study Name',
    'Sponsor',
    'Opportunity Stage',
    'Enroll Plan',
  ]);
  await expectHeaderRowBounded(studies);
  await expectNoPageScroll(page);
  // At 1440 px all eleven columns fit.
  await page.setViewportSize({ width: 1440, height: 800 });
  await expectHeadersInside(
    studies,
    [
      'Project ID',
      'SOE',
      'SOE Costs',
      'SOE Clin Strat',
      'SOE DM',
      'Enroll Plan Last Update',
      'SOE Last Update',
    ],
    1440,
  );
  await page.setViewportSize({ width: WIDTH, height: 800 });

  await openStudy(page, '2025-ONC-0303');
  const region = page.getByRole('region', { name: 'Study Plans' });
  const plans = region.getByRole('table');
  await expect(plans.locator('tbody tr').first()).toBeVisible();
  await expectHeadersInside(plans, [
    'Study Plan Name',
    'Description',
    'Status',
    'Type',
    'Version',
    'Created By',
    'Last Updated',
    'Actions',
  ]);
  const firstRow = plans.locator('tbody tr').first();
  const menuButton = firstRow.getByRole('button').last();
  await expectInsideWindow(menuButton);
  // Opening the menu scrolls nothing away: the plan's name stays where it was.
  // A handle: the open menu hides the page from the accessibility tree, and so from role locators.
  const name = await firstRow.locator('td').first().elementHandle();
  const before = await name!.boundingBox();
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'View Simulation' })).toBeVisible();
  expect((await name!.boundingBox())!.x).toBe(before!.x);
  await page.getByRole('menuitem', { name: 'View Simulation' }).click();

  await expect(page.getByRole('tab', { name: 'Tables', exact: true })).toBeVisible({ timeout: 60_000 });
  await expectReadableValues(page.getByRole('region', { name: 'Parameter Summary' }));
  await expectReadableValues(page.getByRole('region', { name: 'Study Details' }));
  const result = (label: string) => page.getByRole('table', { name: label, exact: true });
  await expectHeadersInside(result('Timeline Durations'), ['Duration', 'Months', 'Days', 'Start', 'End']);
  await expectHeadersInside(result('Enrollment Milestones'), ['Milestone', 'Date', 'P10', 'P50', 'P90']);
  await expectHeadersInside(result('Country Start-up Durations'), [
    'Country',
    'ISO3',
    'Site ID Duration (days)',
    'Total Start-Up Duration (days)',
  ]);
  // The Summary's twelve columns fit: its last one was cut at its box's edge at 1280 px.
  await expectFitsItsBox(result('Summary'));
  await expectHeadersInside(result('Summary'), ['Site Group', 'Screen Fail Rate', 'Drop Out Rate']);
  const startup = result('Country Start-up Milestones');
  // Sixteen dates and spans scroll sideways under the sticky country column, under compact headers.
  await expectHeadersInside(startup, ['Country', 'Project Start Date', 'Protocol Final Date']);
  await expectHeaderRowBounded(startup);
  // Its box says that it scrolls and takes the focus, so that the arrow keys scroll it (no cell holds anything
  // focusable); at its end the last span shows whole, beside the country, and the page has not moved.
  const startupBox = page.getByRole('region', {
    name: 'Country Start-up Milestones (scrolls sideways)',
    exact: true,
  });
  await startupBox.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => startupBox.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await startupBox.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await expectHeadersInside(startup, ['Country', 'First Enrolled to Last Enrolled (days)']);
  await expectHeaderRowBounded(result('Country Start-up Durations'));
  await expectNoPageScroll(page);
});

test('at 1280 px Admin Data shows all eleven profile columns and twelve months, also while editing', async ({
  page,
}) => {
  await page.setViewportSize({ width: WIDTH, height: 800 });
  await page.goto('/ctpo/admin-data/');
  await signIn(page, 'admin');
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  const lastInputs = ['# of Sites 11', 'Days 11', 'Dec'];
  for (const label of lastInputs) await expectInsideWindow(page.getByLabel(label, { exact: true }));
  await page.getByRole('button', { name: 'Edit' }).click();
  for (const label of lastInputs) await expectInsideWindow(page.getByLabel(label, { exact: true }));
  await expectNoPageScroll(page);
});

test('at 1280 px a duration plan keeps its close-out inputs on one row and all eleven activation columns', async ({
  page,
}) => {
  await page.setViewportSize({ width: WIDTH, height: 800 });
  await page.goto('/');
  await signIn(page, 'planner');
  await openStudy(page, '2025-ONC-0303');
  await page.getByRole('button', { name: 'Actions for Sponsor target - 20 months', exact: true }).click();
  await page.getByRole('menuitem', { name: 'View Study Plan', exact: true }).click();

  // Step 1: the three close-out spans are one labelled row; in a duration plan the third once started the next
  // row, beside the screen-fail rate.
  const closeOut = page.getByRole('group', { name: 'Close-out', exact: true });
  const inputs = ['TFED to DB Lock', 'DB Lock to CSR', 'CSR to TMF Close'].map((l) =>
    closeOut.getByLabel(l, { exact: true }),
  );
  await expect(inputs[0]!).toHaveValue(/\d/);
  const tops = await Promise.all(inputs.map(async (i) => (await i.boundingBox())!.y));
  expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);
  for (const input of inputs) await expectInsideWindow(input);

  // Step 2: the eleventh activation column lay beyond the box's edge; a five-digit day count shows whole.
  await page
    .getByRole('button', { name: /Countries & Site Groups/ })
    .first()
    .click();
  const profile = page.getByRole('table', { name: 'Activation profile' });
  await expect(profile).toBeVisible();
  for (const label of ['# of Sites 11', 'Days 11'])
    await expectInsideWindow(page.getByLabel(label, { exact: true }));
  await expectFitsItsBox(profile);
  await page.getByLabel('Override activation profile').check();
  const days = page.getByLabel('Days 11', { exact: true });
  await days.fill('12345');
  expect(await days.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
  await expectNoPageScroll(page);
});

test('at 1280 px the import results keep each project code on one line', async ({ page }) => {
  await page.setViewportSize({ width: WIDTH, height: 800 });
  await page.goto('/ctpo/admin-data/forecast-calibration');
  await signIn(page, 'admin');
  await page.getByRole('button', { name: 'Import completed studies' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import completed studies' });
  // Two studies the zip lacks the files of: each comes back refused, with its long name and its reason.
  const manifest = [
    'projectId,studyName,sponsorName,planFile,extractFile,asOf',
    '2019-ONC-0001,A rather long completed oncology study name for the results table,Sponsor,' +
      'plans/2019-ONC-0001-plan-spreadsheet-exported-from-predict.xlsx,extracts/2019-ONC-0001.xlsx,2021-05-31',
    '2019-CVS-0002,CARDIO-OUTCOMES-A-STUDY-NAME-WITHOUT-ANY-SPACES-AT-ALL,Sponsor,a.xlsx,b.xlsx,2020-01-01',
  ].join('\n');
  await dialog.getByTestId('completed-studies-file-input').setInputFiles({
    name: 'studies.zip',
    mimeType: 'application/zip',
    buffer: storedZip({ 'manifest.csv': `${manifest}\n` }),
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const results = dialog.getByRole('table', { name: 'Import results' });
  await expect(results.getByText('Refused', { exact: true })).toHaveCount(2);
  for (const code of ['2019-ONC-0001', '2019-CVS-0002']) {
    const box = await results.getByText(code, { exact: true }).boundingBox();
    expect(box!.height, code).toBeLessThanOrEqual(ONE_LINE);
  }
  await expectFitsItsBox(results);
  await expectInsideWindow(results.getByRole('columnheader', { name: 'Result' }));
  await expectNoPageScroll(page);
});
