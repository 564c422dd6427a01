import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

test('a planner signs in, works the study list, keeps a favorite, reads the profile and signs out', async ({
  page,
}) => {
  // Any /ctpo page needs sign-in and comes back to the requested page afterwards.
  await page.goto('/');
  await signIn(page, 'planner', 'wrong-password');
  await expect(page.getByText('Invalid username or password.')).toBeVisible();
  await signIn(page, 'planner');
  await expect(page).toHaveURL(/\/ctpo\/study-plans\/?$/);
  await expect(
    page.getByRole('tab', { name: 'Home' }).or(page.getByRole('link', { name: 'Home' })),
  ).toBeVisible();

  // The study list: first page of 10 from the demo data. The pager's "1–10 of N" tells when a new answer arrived.
  const rows = page.locator('tbody tr');
  const pager = page.locator('.MuiTablePagination-displayedRows');
  await expect(rows).toHaveCount(10);
  const allStudies = await pager.innerText();
  const everyRow = (text: string) => async () => (await rows.allInnerTexts()).every((r) => r.includes(text));

  // Search by sponsor (debounced 1 s in the box, matched on the server).
  await page.getByLabel('Search studies').fill('Northwind');
  await expect(pager).not.toHaveText(allStudies);
  await expect.poll(everyRow('Northwind')).toBe(true);

  // Back to everything, then filter by opportunity stage.
  await page.getByLabel('Search studies').fill('*');
  await expect(pager).toHaveText(allStudies);
  await page.getByLabel('Filter Opportunity Stage').click();
  await page.getByRole('option', { name: 'Closed Won', exact: true }).click();
  await expect(pager).not.toHaveText(allStudies);
  await expect.poll(everyRow('Closed Won')).toBe(true);

  // Sort by Project ID descending.
  const firstId = async () => (await rows.first().locator('td').first().innerText()).trim();
  const ascFirst = await firstId();
  await page.getByRole('button', { name: 'Project ID' }).click();
  await expect.poll(firstId).not.toBe(ascFirst);
  expect((await firstId()).localeCompare(ascFirst)).toBeGreaterThan(0);
  await expect.poll(everyRow('Closed Won')).toBe(true);

  // Clear the stage filter and page through.
  await page.getByLabel('Filter Opportunity Stage').click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  await expect(pager).toHaveText(allStudies);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(pager).toHaveText(/^11–20 of \d+$/);
  await page.getByRole('combobox', { name: /rows per page/i }).click();
  await page.getByRole('option', { name: '25' }).click();
  await expect(rows).toHaveCount(25);

  // Open a study from its Project ID link.
  await page.getByLabel('Search studies').fill('2024-ONC-0187');
  await expect(rows).toHaveCount(1);
  await page.getByRole('link', { name: '2024-ONC-0187' }).click();
  await expect(page).toHaveURL(/\/ctpo\/study-plans\/\d+$/);
  await expect(page.getByText('Northwind Biotherapeutics - 2024-ONC-0187')).toBeVisible();

  // Favorite it and see it on Home.
  await page.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(page.getByRole('button', { name: 'Remove from favorites' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/ctpo\/study-plans\/?$/);
  await expect(page.getByRole('link', { name: /2024-ONC-0187 - / })).toBeVisible();

  // The profile shows the user and their Predict groups.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'User Profile' }).click();
  await expect(page.getByText('planner@predict.example')).toBeVisible();
  await expect(page.getByText('app_PremierPredict_Planner')).toBeVisible();

  // Sign out ends the session.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/goodbye$/);
  await expect(page.getByText('You are Logged Out')).toBeVisible();
  await expect(page.getByText('Thank you for using Predict')).toBeVisible();
  // The API no longer accepts the browser's session.
  const status = await page.evaluate(async () => (await fetch('/ctpo/meta')).status);
  expect(status).toBe(401);

  // Signing in again asks for the password: the provider session ended too.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signIn(page, 'viewer');
  await expect(page).toHaveURL(/\/ctpo\/study-plans\/?$/);
  await expect(page.getByText('Read-only')).toBeVisible();
});

test('a viewer sees the same data and no editing controls', async ({ page }) => {
  await page.goto('/ctpo/user-profile/');
  await signIn(page, 'viewer');
  // Returns to the page that was asked for.
  await expect(page).toHaveURL(/\/ctpo\/user-profile\/?$/);
  await expect(page.getByText('app_PremierPredict_ReadOnly')).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(10);
  await expect(page.getByText('Read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(add|new|edit|delete|save)\b/i })).toHaveCount(0);
  await expect(page.locator('input:not([disabled])[aria-label^="Edit"]')).toHaveCount(0);
});

test('the health page appears when the server cannot be reached', async ({ page }) => {
  await page.route('**/ctpo/health', (route) =>
    route.fulfill({ status: 503, body: '{"status":"unavailable"}' }),
  );
  await page.goto('/ctpo/study-plans/');
  await expect(page).toHaveURL(/\/health$/);
  await expect(page.getByText('Network Issues')).toBeVisible();
});
