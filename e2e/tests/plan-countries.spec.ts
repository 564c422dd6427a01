import { expect, test, type Locator, type Page } from '@playwright/test';
import { addCountry, createPlanToStep2, openStudy } from './plan-helpers';
import { signIn } from './sign-in';

const countryTab = (page: Page, label: string) =>
  page.getByRole('tablist', { name: 'Countries' }).getByRole('tab', { name: label, exact: true });
const panel = (page: Page, label: string) => page.getByRole('tabpanel', { name: label, exact: true });

/** The activation profile a tab shows: its filled '# of Sites' and 'Days' cells, in column order. */
async function profileOf(tab: Locator) {
  const row = async (name: string) => {
    const values: string[] = [];
    for (let i = 1; i <= 11; i += 1)
      values.push(await tab.getByRole('textbox', { name: `${name} ${i}`, exact: true }).inputValue());
    return values.filter((v) => v !== '');
  };
  return { sites: await row('# of Sites'), days: await row('Days') };
}

test('a planner adds countries, edits their milestones, profile and seasons, saves, edits and removes one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await signIn(page, 'planner');
  await openStudy(page, '2025-ONC-0212');
  await createPlanToStep2(page, 'rates', `E2E Countries ${Date.now() % 100000}`);

  // Three countries; the USA tab is labelled by its site group.
  await expect(page.getByText('Add a country to start.')).toBeVisible();
  await addCountry(page, 'Germany', '4');
  await expect(countryTab(page, 'DEU')).toHaveAttribute('aria-selected', 'true');
  await addCountry(page, 'United States', '5', { siteGroup: 'USA - Local' });
  await expect(countryTab(page, 'USA - Local')).toHaveAttribute('aria-selected', 'true');
  await addCountry(page, 'France', '3');
  await expect(countryTab(page, 'FRA')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tablist', { name: 'Countries' }).getByRole('tab')).toHaveCount(3);

  // On the USA tab: country inputs, a milestone override, an activation point and a seasonal month.
  await countryTab(page, 'USA - Local').click();
  const usa = panel(page, 'USA - Local');
  await expect(usa.getByRole('heading', { name: 'USA - Local' })).toBeVisible();
  const rate = usa.getByLabel('Enrollment Rate', { exact: true });
  const screenFail = usa.getByLabel('Screen Fail Rate', { exact: true });
  await rate.fill('0.8');
  await screenFail.fill('1.5');
  await expect(usa.getByText('Has to be a value from 0 to 0.99.')).toBeVisible();
  const saveDraft = page.getByRole('button', { name: 'Save Draft' });
  await expect(saveDraft).toBeDisabled();
  await screenFail.fill('0.25');
  await expect(usa.getByText('Has to be a value from 0 to 0.99.')).toBeHidden();

  const milestones = usa.getByRole('table', { name: 'Country milestones' });
  await milestones.getByRole('checkbox', { name: 'Override First Patient Screened (FPS)' }).check();
  await expect(usa.getByText("Can't be empty.")).toBeVisible();
  await expect(saveDraft).toBeDisabled();
  await milestones.getByLabel('First Patient Screened (FPS) date').fill('01-Dec-2026');
  await milestones.getByLabel('First Patient Screened (FPS) comment').fill('Sites ready late: holidays.');
  await expect(usa.getByText("Can't be empty.")).toBeHidden();

  await usa.getByRole('checkbox', { name: 'Override activation profile' }).check();
  const sites5 = usa.getByRole('textbox', { name: '# of Sites 5', exact: true });
  await sites5.fill('2');
  await sites5.press('Enter');
  await expect(usa.getByText('Number of sites should be increasing.').first()).toBeVisible();
  await expect(saveDraft).toBeDisabled();
  await sites5.fill('6');
  await sites5.press('Enter');
  await expect(usa.getByText('Number of sites should be increasing.')).toHaveCount(0);

  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  await usa.getByLabel('Aug', { exact: true }).fill('1.5');
  await expect(usa.getByText('Has to be a value from 0 to 1.')).toBeVisible();
  for (const m of months) await usa.getByLabel(m, { exact: true }).fill('0');
  await expect(usa.getByText('Cannot all be zero.')).toBeVisible();
  // Bad seasons are caught when saving, with the spec's message; nothing is saved.
  await saveDraft.click();
  await expect(page.getByText('Country enrollment seasonal variations are not valid')).toBeVisible();
  for (const m of months) await usa.getByLabel(m, { exact: true }).fill('1');
  await usa.getByLabel('Aug', { exact: true }).fill('0.7');
  await expect(usa.getByText('Cannot all be zero.')).toBeHidden();

  await expect(saveDraft, (await page.locator('.Mui-error').allInnerTexts()).join(' | ')).toBeEnabled();
  await saveDraft.click();
  await expect(page.getByText('Successfully saved plan.').last()).toBeVisible();
  await expect(saveDraft).toBeDisabled();

  // After a reload (on the same tab) everything is there.
  await page.reload();
  await expect(countryTab(page, 'USA - Local')).toHaveAttribute('aria-selected', 'true');
  await expect(usa.getByLabel('Enrollment Rate', { exact: true })).toHaveValue('0.8');
  await expect(usa.getByLabel('Screen Fail Rate', { exact: true })).toHaveValue('0.25');
  await expect(
    milestones.getByRole('checkbox', { name: 'Override First Patient Screened (FPS)' }),
  ).toBeChecked();
  await expect(milestones.getByLabel('First Patient Screened (FPS) date')).toHaveValue('01-Dec-2026');
  await expect(milestones.getByLabel('First Patient Screened (FPS) comment')).toHaveValue(
    'Sites ready late: holidays.',
  );
  await expect(usa.getByRole('checkbox', { name: 'Override activation profile' })).toBeChecked();
  await expect(usa.getByRole('textbox', { name: '# of Sites 5', exact: true })).toHaveValue('6');
  await expect(usa.getByLabel('Aug', { exact: true })).toHaveValue('0.7');
  await expect(usa.getByLabel('Dec', { exact: true })).toHaveValue('1');

  // A new site count typed on the page: after OK the default profile for it shows, and Save Draft stores that one.
  await countryTab(page, 'DEU').click();
  const deu = panel(page, 'DEU');
  const deuSites = deu.getByLabel('Number of Activated Sites (Lower Bound)', { exact: true });
  await deuSites.fill('12');
  await deuSites.press('Tab');
  await page.getByRole('dialog', { name: 'Warning!' }).getByRole('button', { name: 'OK' }).click();
  await expect(deu.getByText(/Save Draft stores the default profile shown here/)).toBeVisible();
  await expect(deu.getByRole('textbox', { name: '# of Sites 1', exact: true })).toBeDisabled();
  const preview = await profileOf(deu);
  expect(preview.sites.at(-1)).toBe('12');
  await saveDraft.click();
  await expect(page.getByText('Successfully saved plan.').last()).toBeVisible();
  await page.reload();
  await expect(deuSites).toHaveValue('12');
  expect(await profileOf(deu)).toEqual(preview);
  await countryTab(page, 'USA - Local').click();

  // Edit Country: a new site count warns that the profile resets; OK keeps it.
  await usa.getByRole('button', { name: 'Edit Country' }).click();
  const edit = page.getByRole('dialog', { name: /^Edit Country/ });
  await edit.getByRole('textbox', { name: 'Activated Sites', exact: true }).fill('8');
  await edit.getByRole('button', { name: 'Save' }).click();
  const warning = page.getByRole('dialog', { name: 'Warning!' });
  await expect(warning).toContainText('resets the activation profiles');
  await warning.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Save was successful!')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(usa.getByLabel('Number of Activated Sites (Lower Bound)', { exact: true })).toHaveValue('8');
  await expect(usa.getByRole('checkbox', { name: 'Override activation profile' })).not.toBeChecked();
  const afterEdit = await profileOf(usa);
  expect(afterEdit.sites.at(-1)).toBe('8');
  await page.reload();
  await expect(usa.getByLabel('Number of Activated Sites (Lower Bound)', { exact: true })).toHaveValue('8');
  expect(await profileOf(usa)).toEqual(afterEdit);

  // Delete Country.
  await countryTab(page, 'FRA').click();
  await panel(page, 'FRA').getByRole('button', { name: 'Delete Country' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove Country' });
  await expect(remove).toContainText('cannot be undone');
  await remove.getByRole('button', { name: 'Remove Country' }).click();
  await expect(page.getByText('Successfully removed country.')).toBeVisible();
  await expect(countryTab(page, 'FRA')).toHaveCount(0);
  await expect(page.getByRole('tablist', { name: 'Countries' }).getByRole('tab')).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('tablist', { name: 'Countries' }).getByRole('tab')).toHaveCount(2);
  await expect(countryTab(page, 'FRA')).toHaveCount(0);
});

test('an admin change of a site group reaches countries added afterwards; the planner cannot change it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const headerOf = (label: string) =>
    panel(page, label).getByText(/Country Start-Up Time Frame: Medium - \d+ days/);

  // A planner's plan has Poland before the change.
  await page.goto('/');
  await signIn(page, 'planner');
  await openStudy(page, '2025-ONC-0241');
  const before = await createPlanToStep2(page, 'rates', `E2E Admin Before ${Date.now() % 100000}`);
  await addCountry(page, 'Poland', '4');
  await expect(countryTab(page, 'POL')).toHaveAttribute('aria-selected', 'true');
  const oldHeader = (await headerOf('POL').innerText()).trim();
  const oldDays = Number(/Medium - (\d+) days/.exec(oldHeader)?.[1]);
  const newDays = oldDays + 37;

  // The admin lengthens Poland's Medium country start-up time frame.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/ctpo/admin-data/');
  await signIn(admin, 'admin');
  const list = admin.getByRole('navigation', { name: 'Site groups' });
  await list.getByRole('link', { name: /^Poland/ }).click();
  await expect(admin.getByRole('heading', { name: 'Poland', level: 2 })).toBeVisible();
  const startUp = admin.getByRole('region', { name: 'Country Start Up Time Frame (days)', exact: true });
  await expect(startUp.getByLabel('Medium', { exact: true })).toHaveValue(String(oldDays));
  await admin.getByRole('button', { name: 'Edit' }).click();
  await startUp.getByLabel('Medium', { exact: true }).fill(String(newDays));
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Site group saved.')).toBeVisible();
  await adminContext.close();

  // A new plan: the Add Country dialog offers the new days, and the added country has them.
  await openStudy(page, '2025-ONC-0241');
  await createPlanToStep2(page, 'rates', `E2E Admin After ${Date.now() % 100000}`);
  await page.getByRole('button', { name: 'Add Country' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Country' });
  await dialog.getByRole('combobox', { name: 'Country', exact: true }).fill('Poland');
  await page.getByRole('option', { name: /^Poland \(/ }).click();
  await dialog.getByRole('textbox', { name: 'Activated Sites', exact: true }).fill('4');
  await dialog.getByRole('combobox', { name: 'Country Start-Up Time Frame' }).click();
  await expect(page.getByRole('option', { name: new RegExp(`^Medium - ${newDays} days`) })).toBeVisible();
  await page.getByRole('option', { name: /^Medium - / }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(headerOf('POL')).toContainText(`Medium - ${newDays} days`);

  // The plan from before keeps the days it copied.
  await page.goto(`${before}countries-and-site-groups`);
  await expect(headerOf('POL')).toHaveText(oldHeader);

  // The planner sees no Edit button in Admin Data, and the server refuses a save with the planner's session.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Admin Data' }).click();
  await expect(page.getByLabel('Package Prep', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  const groupId = Number(/\/admin-data\/(\d+)$/.exec(page.url())?.[1]);
  const group = await (await page.request.get(`/ctpo/admin/sitegroup/${groupId}`)).json();
  const refused = await page.request.post('/ctpo/study/0/AdminDataUpload', {
    data: { ...group, packagePrepDays: 1 },
    headers: { 'x-predict-csrf': '1' },
  });
  expect(refused.status()).toBe(403);
});

test('a viewer opening a plan lands on its review, without Edit links, Add Country or Run', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await signIn(page, 'planner');
  await openStudy(page, '2025-ONC-0266');
  const planUrl = await createPlanToStep2(page, 'rates', `E2E Viewer ${Date.now() % 100000}`);
  await addCountry(page, 'Italy', '3');
  await expect(countryTab(page, 'ITA')).toBeVisible();

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto(planUrl);
  await signIn(viewer, 'viewer');
  await expect(viewer).toHaveURL(/\/review$/);
  await expect(viewer.getByRole('heading', { name: 'Countries & Site Groups' })).toBeVisible();
  await expect(viewer.getByRole('tab', { name: 'ITA', exact: true })).toBeVisible();
  await expect(viewer.getByRole('heading', { name: 'Seasonal Variation' })).toBeVisible();
  await expect(viewer.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Add Country' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /Run Simulation/ })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'View Simulation' })).toBeVisible();

  // Step 2 itself sends the viewer back to the review.
  await viewer.goto(`${planUrl}countries-and-site-groups`);
  await expect(viewer).toHaveURL(/\/review$/);
  await expect(viewer.getByRole('button', { name: 'Add Country' })).toHaveCount(0);
  await viewerContext.close();
});
