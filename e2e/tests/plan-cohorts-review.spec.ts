import { expect, test, type Page } from '@playwright/test';
import { addCountry, createPlanToStep2, openStudy } from './plan-helpers';
import { signIn } from './sign-in';

const cohortTable = (page: Page) => page.getByRole('table', { name: 'Sequential cohorts' });
const cohortRow = (page: Page, index: number) =>
  cohortTable(page)
    .getByRole('row')
    .nth(index + 1);
/** The Cohort Start cell of a row (the 10th column). */
const cohortStart = (page: Page, index: number) => cohortRow(page, index).getByRole('cell').nth(9);

async function fillCohort(
  page: Page,
  index: number,
  values: { name: string; patients: string; lag: string; screening: string; dtl: string; src: string },
  predecessor?: { cohort: string; activity: string },
) {
  const rowName = `row ${index + 1}`;
  const table = cohortTable(page);
  await table.getByRole('textbox', { name: `Cohort Name of ${rowName}`, exact: true }).fill(values.name);
  const of = (label: string) =>
    table.getByRole('textbox', { name: `${label} of ${values.name}`, exact: true });
  if (predecessor) {
    await table.getByRole('combobox', { name: `Predecessor Cohort of ${values.name}`, exact: true }).click();
    await page.getByRole('option', { name: predecessor.cohort, exact: true }).click();
    await table
      .getByRole('combobox', { name: `Predecessor Activity of ${values.name}`, exact: true })
      .click();
    await page.getByRole('option', { name: predecessor.activity, exact: true }).click();
  }
  await of('Patients').fill(values.patients);
  await of('Lag (days)').fill(values.lag);
  await of('Screening Duration (days)').fill(values.screening);
  await of('DTL Duration (days)').fill(values.dtl);
  await of('SRC Duration (days)').fill(values.src);
}

const snackbar = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

test('a planner builds a sequential cohort plan, reviews it, edits from review and runs it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await signIn(page, 'planner');
  await openStudy(page, '2024-ONC-0187');
  const name = `E2E Cohorts ${Date.now() % 100000}`;
  const planUrl = await createPlanToStep2(page, 'sequential', name);
  await addCountry(page, 'Germany', '4', { upper: '6' });
  await addCountry(page, 'Spain', '3', { upper: '5' });
  await expect(page.getByRole('tab', { name: 'ESP', exact: true })).toHaveAttribute('aria-selected', 'true');
  // The cohort chain is dated on the saved plan: the countries' rates are saved first.
  for (const tab of ['DEU', 'ESP']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page
      .getByRole('tabpanel', { name: tab })
      .getByLabel('Enrollment Rate', { exact: true })
      .fill('1.5');
  }
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Successfully saved plan.').last()).toBeVisible();

  // Review without cohorts: the run is refused with the reason in an error snackbar.
  await page.getByRole('button', { name: /3\s*Review Study Plan/ }).click();
  await expect(page).toHaveURL(/\/review$/);
  await page.getByRole('button', { name: 'Finish & Run Simulation' }).click();
  await expect(snackbar(page, 'Sequential cohorts setup is not valid')).toBeVisible();
  await expect(snackbar(page, 'Simulation requested')).toHaveCount(0);

  // Its Edit link leads to the cohort table of step 2.
  await page.getByRole('link', { name: 'Edit Sequential Cohort Setup' }).click();
  await expect(page).toHaveURL(/\/countries-and-site-groups\?country=0#sequential-cohort-setup$/);
  await expect(cohortTable(page)).toBeInViewport();

  await fillCohort(page, 0, { name: 'C1', patients: '20', lag: '0', screening: '28', dtl: '30', src: '14' });
  await page.getByRole('button', { name: 'Add Cohort' }).click();
  await fillCohort(
    page,
    1,
    { name: 'C2', patients: '20', lag: '10', screening: '28', dtl: '30', src: '14' },
    { cohort: 'C1', activity: 'DTL' },
  );
  await page.getByRole('button', { name: 'Add Cohort' }).click();
  await fillCohort(
    page,
    2,
    { name: 'C3', patients: '20', lag: '0', screening: '28', dtl: '30', src: '14' },
    { cohort: 'C2', activity: 'SRC' },
  );
  await expect(cohortStart(page, 2)).not.toHaveText('—');
  const c1Start = await cohortStart(page, 0).innerText();
  const c2Start = await cohortStart(page, 1).innerText();
  const c3Start = await cohortStart(page, 2).innerText();
  // A longer lag of C2 moves C2 and the cohort chained to it, not the first one.
  await cohortTable(page).getByRole('textbox', { name: 'Lag (days) of C2', exact: true }).fill('40');
  await expect(cohortStart(page, 1)).not.toHaveText(c2Start);
  await expect(cohortStart(page, 2)).not.toHaveText(c3Start);
  await expect(cohortStart(page, 0)).toHaveText(c1Start);
  const movedC2 = await cohortStart(page, 1).innerText();
  expect(Date.parse(movedC2) - Date.parse(c2Start)).toBe(30 * 86_400_000);
  // The wide table scrolls inside its box; the page itself does not get wider.
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Successfully saved plan.').last()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Draft' })).toBeDisabled();

  // Next Step: the review shows the saved cohorts.
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page).toHaveURL(/\/review$/);
  const review = page.getByRole('table', { name: 'Sequential cohorts' });
  await expect(review.getByRole('row').nth(2)).toContainText('C2');
  await expect(review.getByRole('row').nth(2)).toContainText(movedC2);
  await expect(review.getByRole('textbox')).toHaveCount(0);

  // An Edit link of a country section opens that country's tab and section on step 2.
  await page.getByRole('tab', { name: 'ESP', exact: true }).click();
  await page.getByRole('link', { name: 'Edit Seasonal Variation' }).click();
  await expect(page).toHaveURL(/\/countries-and-site-groups\?country=1#seasonal-variation$/);
  await expect(page.getByRole('tab', { name: 'ESP', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Seasonal Variation' })).toBeInViewport();

  // Complete: the run is recorded and the simulation screen tells its status as it is.
  await page.goto(`${planUrl}review`);
  await page.getByRole('button', { name: 'Finish & Run Simulation' }).click();
  await expect(
    snackbar(page, 'The sum of each country activated sites should be equal to overall activated sites.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/simulation$/);
  await expect(page.getByRole('heading', { name: `Simulation: ${name}`, level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('heading', {
        name: /^(Requesting\.\.\.|Simulation has not started\.|Simulation is running\.\.\.|PROCESSING|COMPLETED_OK)$/,
      })
      .or(page.getByRole('tab', { name: 'Tables' })),
  ).toBeVisible();
  await expect(snackbar(page, 'Sequential cohorts setup is not valid')).toHaveCount(0);

  // The embedded workers compute it (the status is read every 15 s): the cohort tables and the Cohorts Timeline.
  await expect(page.getByRole('tab', { name: 'Tables', exact: true })).toBeVisible({ timeout: 60_000 });
  const cohortSummary = page.getByRole('table', { name: 'Summary - Cohort', exact: true });
  for (const cohort of ['C1', 'C2', 'C3']) {
    await expect(cohortSummary.getByRole('rowheader', { name: cohort, exact: true })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Charts', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Cohorts Timeline' })).toBeAttached();
});
