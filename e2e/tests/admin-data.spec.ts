import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test('an admin edits a site group, meets a rule, fixes it, saves and sees the values after a reload', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, 'admin');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Admin Data' }).click();

  // The first site group by name is selected.
  await expect(page).toHaveURL(/\/ctpo\/admin-data\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Argentina', level: 2 })).toBeVisible();
  const list = page.getByRole('navigation', { name: 'Site groups' });
  await expect(list.getByRole('link', { name: /^Argentina/ })).toHaveAttribute('aria-current', 'page');
  const packagePrep = page.getByLabel('Package Prep', { exact: true });
  const march = card(page, 'Site Group Enrollment Seasonal Variations').getByLabel('Mar', { exact: true });
  await expect(packagePrep).not.toBeEditable();

  await page.getByRole('button', { name: 'Edit' }).click();
  await packagePrep.fill('47');
  await march.fill('1.5');
  await expect(page.getByText('Has to be a value from 0 to 1.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await march.fill('0.45');
  await expect(page.getByText('Has to be a value from 0 to 1.')).toBeHidden();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Site group saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Argentina', level: 2 })).toBeVisible();
  await expect(packagePrep).toHaveValue('47');
  await expect(march).toHaveValue('0.45');
});

test('a planner sees the site-group data without an Edit button', async ({ page }) => {
  await page.goto('/ctpo/admin-data/');
  await signIn(page, 'planner');
  await expect(page.getByRole('heading', { name: 'Argentina', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Package Prep', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
});
