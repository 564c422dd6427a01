import { expect, type Page } from '@playwright/test';

export const PASSWORDS = { planner: 'planner-demo', viewer: 'viewer-demo', admin: 'admin-demo' } as const;

/** Signs in through the built-in provider's real login page, which the app redirects to. */
export async function signIn(
  page: Page,
  username: keyof typeof PASSWORDS,
  password: string = PASSWORDS[username],
) {
  await expect(page.getByLabel('Username')).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
