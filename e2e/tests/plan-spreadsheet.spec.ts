import { expect, test, type Page } from '@playwright/test';
import { addCountry, createPlanToStep2, openStudy } from './plan-helpers';
import { signIn } from './sign-in';

const countryTab = (page: Page, label: string) =>
  page.getByRole('tablist', { name: 'Countries' }).getByRole('tab', { name: label, exact: true });
const panel = (page: Page, label: string) => page.getByRole('tabpanel', { name: label, exact: true });

test('a planner exports a plan with countries and uploads the file into a new plan, which then holds the same values', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = Date.now() % 100000;
  await page.goto('/');
  await signIn(page, 'planner');
  await openStudy(page, '2025-ONC-0212');
  await createPlanToStep2(page, 'rates', `E2E Export ${run}`);

  // The source plan: two countries, Germany with its own rate and a July seasonal factor.
  await addCountry(page, 'Germany', '4');
  await addCountry(page, 'France', '3');
  await countryTab(page, 'DEU').click();
  const de = panel(page, 'DEU');
  await de.getByLabel('Enrollment Rate', { exact: true }).fill('0.8');
  await de.getByLabel('Jul', { exact: true }).fill('0.5');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Successfully saved plan.').last()).toBeVisible();

  // EXPORT PLAN: the template filled and downloaded as <study>_study_plan.xlsx.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Plan' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/_study_plan\.xlsx$/);
  await expect(page.getByText('Data has been loaded and saved into the excel template.')).toBeVisible();
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  // A new plan without countries; UPLOAD PLAN with the exported file.
  await openStudy(page, '2025-ONC-0212');
  await createPlanToStep2(page, 'rates', `E2E Import ${run}`);
  await expect(page.getByText('Add a country to start.')).toBeVisible();
  await page.getByRole('button', { name: 'Upload Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Plan' });
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await dialog.getByTestId('plan-file-input').setInputFiles(file);
  await expect(dialog).toContainText(download.suggestedFilename());
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Plan uploaded and updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same countries and values.
  await expect(page.getByRole('tablist', { name: 'Countries' }).getByRole('tab')).toHaveCount(2);
  await countryTab(page, 'DEU').click();
  const imported = panel(page, 'DEU');
  await expect(imported.getByLabel('Enrollment Rate', { exact: true })).toHaveValue('0.8');
  await expect(imported.getByLabel('Jul', { exact: true })).toHaveValue('0.5');
  await expect(countryTab(page, 'FRA')).toBeVisible();
});
