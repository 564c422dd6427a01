import { expect, type Page } from '@playwright/test';

/** A form field by its exact label (several labels share words, e.g. 'Treatment Duration'). */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Opens a demo study's page through the study list's Project ID link. */
export async function openStudy(page: Page, projectId: string) {
  await page.getByRole('link', { name: 'Home' }).click();
  await field(page, 'Search studies').fill(projectId);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  // exact: a favorite of the same study (My Favorites) is a link too, named with the study name.
  await page.getByRole('link', { name: projectId, exact: true }).click();
  await expect(page.getByRole('region', { name: 'Study Plans' })).toBeVisible();
}

export type NewPlanKind = 'rates' | 'duration' | 'sequential';

/**
 * Creates a plan through the New Plan dialog and step 1, then Next Step: ends on step 2 of the saved plan and
 * answers its address without the step (…/study-plans/{studyId}/{planId}/).
 */
export async function createPlanToStep2(page: Page, kind: NewPlanKind, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Add Study Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Study Plan' });
  if (kind === 'rates') await dialog.getByRole('radio', { name: 'Enrollment Rates' }).check();
  else await dialog.getByRole('radio', { name: 'Overall Enrollment Duration' }).check();
  if (kind === 'sequential') await dialog.getByRole('checkbox', { name: 'Sequential Cohorts' }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/new-plan/);

  await field(page, 'Study Plan Name').fill(name);
  await field(page, 'Description').fill('Planned with the end-to-end test.');
  await field(page, 'CRO Project Start Date').fill('02-Mar-2026');
  await field(page, 'Final Protocol Start Date').fill('01-Apr-2026');
  await field(page, 'Sites to Activate').fill('12');
  await field(page, 'Subjects to Screen').fill('120');
  if (kind === 'rates') await field(page, 'Enrollment Rate').fill('1.2');
  if (kind === 'duration') await field(page, 'Overall Enrollment Duration').fill('12');
  await field(page, 'Screening Duration').fill('28');
  await field(page, 'Treatment Duration').fill('180');
  await field(page, 'Screen Fail Rate').fill('0.2');
  await field(page, 'Drop-out Rate').fill('0.1');
  const next = page.getByRole('button', { name: 'Next Step' });
  await expect(next, (await page.locator('.Mui-error').allInnerTexts()).join(' | ')).toBeEnabled();
  await next.click();
  await expect(page.getByText('Successfully saved plan.').last()).toBeVisible();
  await expect(page).toHaveURL(/\/ctpo\/study-plans\/\d+\/\d+\/countries-and-site-groups/);
  return page.url().replace(/countries-and-site-groups.*$/, '');
}

/** Adds a country through the Add Country dialog; `siteGroup` picks one of a country's groups (the USA). */
export async function addCountry(
  page: Page,
  country: string,
  sites: string,
  options: { siteGroup?: string; upper?: string } = {},
) {
  await page.getByRole('button', { name: 'Add Country' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Country' });
  await dialog.getByRole('combobox', { name: 'Country', exact: true }).fill(country);
  await page.getByRole('option', { name: new RegExp(`^${country} \\(`) }).click();
  if (options.siteGroup) {
    await dialog.getByRole('combobox', { name: 'Site Group' }).click();
    await page.getByRole('option', { name: options.siteGroup, exact: true }).click();
  }
  if (options.upper === undefined) {
    await dialog.getByRole('textbox', { name: 'Activated Sites', exact: true }).fill(sites);
  } else {
    await dialog.getByRole('textbox', { name: 'Activated Sites (Lower Bound)', exact: true }).fill(sites);
    await dialog
      .getByRole('textbox', { name: 'Activated Sites (Upper Bound)', exact: true })
      .fill(options.upper);
  }
  await dialog.getByRole('combobox', { name: 'Country Start-Up Time Frame' }).click();
  await page.getByRole('option', { name: /^Medium - / }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}
