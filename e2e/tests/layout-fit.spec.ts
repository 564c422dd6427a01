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

/** The page itself never scrolls sideways. */
async function expectNoPageScroll(page: Page) {
  // A string: the e2e workspace is typed for Node, not the DOM.
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
}

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
  const startup = result('Country Start-up Milestones');
  // Sixteen dates and spans scroll sideways under the sticky country column, under compact headers.
  await expectHeadersInside(startup, ['Country', 'Project Start Date', 'Protocol Final Date']);
  await expectHeaderRowBounded(startup);
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
