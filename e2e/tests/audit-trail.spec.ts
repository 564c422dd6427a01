import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { createPlanToStep2, field, openStudy } from './plan-helpers';
import { signIn } from './sign-in';

const STUDY = '2025-ONC-0212';

test('an admin changes a plan name and finds who changed it, when, and the old and new name', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const before = `E2E Audit ${Date.now() % 100000}`;
  const after = `${before} renamed`;
  await page.goto('/');
  await signIn(page, 'admin');
  await openStudy(page, STUDY);
  await createPlanToStep2(page, 'rates', before);

  // Back to step 1: rename and save.
  await page.getByRole('button', { name: /1\s*Overall Parameters/ }).click();
  await field(page, 'Study Plan Name').fill(after);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Successfully saved plan.').last()).toBeVisible();

  // The audit trail, filtered by the study and by changes.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Audit Trail' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
  await page.getByLabel('Filter Study').fill(STUDY);
  await page.getByLabel('Filter Action').click();
  await page.getByRole('option', { name: 'Changed' }).click();
  await expect(page).toHaveURL(/project=2025-ONC-0212/);
  await expect(page).toHaveURL(/action=update/);

  const row = page
    .getByRole('row')
    .filter({ hasText: 'Ada Admin' })
    .filter({ hasText: 'studyPlanName' })
    .first();
  await expect(row).toBeVisible();
  await expect(row).toContainText(STUDY);
  await expect(row).toContainText(/\d{2}\/\w{3}\/\d{4} \d{2}:\d{2}:\d{2}/);
  // The key columns fit a 1280 px window without scrolling sideways.
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  await page.screenshot({ path: test.info().outputPath('audit-trail-1280.png'), fullPage: true });

  await row.getByRole('button', { name: /Old and new values/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Changed: Plan')).toBeVisible();
  await expect(dialog.getByText(/UTC by Ada Admin \(admin\)/)).toBeVisible();
  const nameRow = dialog.getByRole('row').filter({ hasText: 'studyPlanName (changed)' });
  await expect(nameRow.getByRole('cell').nth(1)).toHaveText(before);
  await expect(nameRow.getByRole('cell').nth(2)).toHaveText(after);
  await page.screenshot({ path: test.info().outputPath('audit-trail-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The export holds the same rows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const cells = workbook.getWorksheet('Audit trail')!.getSheetValues().flat().map(String);
  expect(cells).toContain(JSON.stringify({ studyPlanName: before }));
  expect(cells).toContain(JSON.stringify({ studyPlanName: after }));
});
