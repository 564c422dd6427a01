import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

/** Opens a demo study's page through the study list's Project ID link. */
async function openStudy(page: Page, projectId: string) {
  await page.getByRole('link', { name: 'Home' }).click();
  await field(page, 'Search studies').fill(projectId);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('link', { name: projectId }).click();
  await expect(page.getByRole('region', { name: 'Study Plans' })).toBeVisible();
}

/** A form field by its exact label (several labels share words, e.g. 'Treatment Duration'). */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

const plansTable = (page: Page) => page.getByRole('region', { name: 'Study Plans' });

async function rowAction(page: Page, planName: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${planName}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

test('a planner creates, validates, saves, clones, re-statuses, combines and deletes plans', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `E2E Rates ${Date.now() % 100000}`;
  await page.goto('/');
  await signIn(page, 'planner');
  await openStudy(page, '2025-ONC-0212');

  // A new Rates plan.
  await page.getByRole('button', { name: 'Add Study Plan' }).click();
  await page.getByRole('radio', { name: 'Enrollment Rates' }).check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/new-plan[^/]*\/?\?s=scenario-a/);

  // Invalid values show the spec's messages.
  await field(page, 'Study Plan Name').fill(name);
  await field(page, 'Description').fill('Planned with the end-to-end test.');
  await field(page, 'CRO Project Start Date').fill('02-Mar-2026');
  await field(page, 'Final Protocol Start Date').fill('01-Apr-2026');
  await field(page, 'Sites to Activate').fill('0');
  await field(page, 'Subjects to Screen').fill('120');
  await field(page, 'Enrollment Rate').fill('1.2');
  await field(page, 'Screening Duration').fill('28');
  await field(page, 'Treatment Duration').fill('180');
  await field(page, 'Screen Fail Rate').fill('0.2');
  await field(page, 'Patients Completing Treatment').fill('500');
  await field(page, 'Pause Enrollment After Patient #').fill('30');
  await field(page, 'Subjects to Screen').click();
  await expect(
    page.getByText("Number of patients completing treatment shouldn't be greater than", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText("Can't be empty.").first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Draft' })).toBeDisabled();

  // Fixed values save; Next Step goes to step 2 of the new id.
  await field(page, 'Sites to Activate').fill('12');
  await field(page, 'Patients Completing Treatment').fill('85');
  await field(page, 'Pause Enrollment After Patient #').fill('');
  const next = page.getByRole('button', { name: 'Next Step' });
  await expect(next, (await page.locator('.Mui-error').allInnerTexts()).join(' | ')).toBeEnabled();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('Successfully saved plan.').last()).toBeVisible();
  await expect(page).toHaveURL(/\/ctpo\/study-plans\/\d+\/\d+\/countries-and-site-groups/);
  const planUrl = page.url().replace(/countries-and-site-groups.*$/, '');

  // Back to step 1 and reload: everything was saved.
  await page.getByRole('button', { name: /1\s*Overall Parameters/ }).click();
  await expect(page).toHaveURL(/\/\d+\/?$/);
  await page.reload();
  await expect(field(page, 'Study Plan Name')).toHaveValue(name);
  await expect(field(page, 'Sites to Activate')).toHaveValue('12');
  await expect(field(page, 'Patients Completing Treatment')).toHaveValue('85');
  await expect(field(page, 'CRO Project Start Date')).toHaveValue('02-Mar-2026');
  expect(planUrl).toContain('/ctpo/study-plans/');

  // A second plan, to combine later.
  await page.getByRole('button', { name: 'Back to Study Plan List' }).click();
  await expect(plansTable(page).getByText(name)).toBeVisible();

  // Clone it into another study.
  await rowAction(page, name, 'Clone');
  const cloneDialog = page.getByRole('dialog', { name: 'Clone Study Plan' });
  await expect(cloneDialog.getByLabel(/Study Plan Name/)).toHaveValue(`${name} - Clone`);
  await cloneDialog.getByLabel('Copy To Project').fill('2024-ONC-0187');
  await page.getByRole('option', { name: /2024-ONC-0187/ }).click();
  await cloneDialog.getByRole('button', { name: 'Clone' }).click();
  await expect(page).toHaveURL(/\/ctpo\/study-plans\/\d+\/\d+\/?$/);
  await expect(field(page, 'Study Plan Name')).toHaveValue(`${name} - Clone`);

  // Back on the first study: Save As Proposal.
  await openStudy(page, '2025-ONC-0212');
  await rowAction(page, name, 'Save As');
  await page.getByRole('menuitem', { name: 'Proposal', exact: true }).click();
  await expect(plansTable(page).getByRole('row', { name: new RegExp(name) })).toContainText('Proposal');

  // Create a Combination from two plans: this one and a copy of it in the same study.
  await rowAction(page, name, 'Clone');
  await page.getByRole('dialog', { name: 'Clone Study Plan' }).getByRole('button', { name: 'Clone' }).click();
  await expect(page).toHaveURL(/\/ctpo\/study-plans\/\d+\/\d+\/?$/);
  await page.getByRole('button', { name: 'Back to Study Plan List' }).click();
  await page.getByRole('button', { name: 'Add Study Plan' }).click();
  await page.getByRole('radio', { name: 'Combination' }).check();
  const newDialog = page.getByRole('dialog', { name: 'Create New Study Plan' });
  await newDialog.getByLabel(/Study Plan Name/).fill(`${name} Combo`);
  await newDialog.getByLabel(/Study Plan Description/).fill('Both plans together.');
  await newDialog.getByText(`${name} [R]`, { exact: true }).click();
  await newDialog.getByText(`${name} - Clone [R]`, { exact: true }).click();
  await newDialog.getByRole('button', { name: 'Move selected plans right' }).click();
  await newDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Study plan created successfully.')).toBeVisible();
  await expect(plansTable(page).getByText(`${name} Combo`)).toBeVisible();

  // A plan in a combination cannot go; a spare Draft copy can be deleted.
  await rowAction(page, name, 'Clone');
  const spare = page.getByRole('dialog', { name: 'Clone Study Plan' });
  await spare.getByLabel(/Study Plan Name/).fill(`${name} - Clone`);
  await spare.getByRole('button', { name: 'Clone' }).click();
  await expect(spare.getByText('Study Plan Name must be unique')).toBeVisible();
  await spare.getByLabel(/Study Plan Name/).fill(`${name} Spare`);
  await spare.getByRole('button', { name: 'Clone' }).click();
  await expect(page).toHaveURL(/\/ctpo\/study-plans\/\d+\/\d+\/?$/);
  await page.getByRole('button', { name: 'Back to Study Plan List' }).click();
  await rowAction(page, `${name} Spare`, 'Delete');
  await page
    .getByRole('dialog', { name: 'Delete Study Plan' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Deleted successfully')).toBeVisible();
  await expect(plansTable(page).getByText(`${name} Spare`)).toHaveCount(0);
});

test('a viewer sees plans but only the View items and no add button', async ({ page }) => {
  await page.goto('/');
  await signIn(page, 'viewer');
  await openStudy(page, '2025-ONC-0212');
  await expect(page.getByRole('button', { name: 'Add Study Plan' })).toHaveCount(0);
  // The planner's journey above (same server, run first) left plans on this study.
  const menus = page.getByRole('button', { name: /^Actions for / });
  await expect(menus.first()).toBeVisible();
  await menus.first().click();
  const items = await page.getByRole('menuitem').allInnerTexts();
  expect(items.length).toBeGreaterThan(0);
  expect(items.every((t) => ['View Study Plan', 'View Simulation'].includes(t.trim()))).toBe(true);
});
