import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addCountry, createPlanToStep2, openStudy } from './plan-helpers';
import { signIn } from './sign-in';

/** A study no other spec touches: the Rates plan made here is the only plan with a run of this spec's own. */
const RATES_STUDY = '2025-ONC-0318';
const COHORT_STUDY = '2025-ONC-0290';
const COHORT_PLAN = 'Three-cohort dose expansion';

const snackbar = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });
const resultTable = (page: Page, name: string) => page.getByRole('table', { name, exact: true });
const resultsTab = (page: Page, name: 'Tables' | 'Charts') => page.getByRole('tab', { name, exact: true });

/** The spec/1 section 4 texts of a run that has not finished (PROCESSING shows its status). */
const PENDING_STATUS =
  /^(Requesting\.\.\.|Simulation has not started\.|Simulation is running\.\.\.|PROCESSING)$/;

/** Set by the first journey; the later ones read the same run. */
let ratesSimulationUrl = '';
let ratesPlanName = '';

test.describe.serial('simulation screen', () => {
  test('a planner runs a Rates plan from review and reads its tables and charts', async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/');
    await signIn(page, 'planner');
    await openStudy(page, RATES_STUDY);
    ratesPlanName = `E2E Run ${Date.now() % 100000}`;
    const planUrl = await createPlanToStep2(page, 'rates', ratesPlanName);
    // Two countries whose sites add up to the plan's 12.
    await addCountry(page, 'Germany', '6');
    await addCountry(page, 'France', '6');

    await page.getByRole('button', { name: /3\s*Review Study Plan/ }).click();
    await expect(page).toHaveURL(/\/review$/);
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ctpo/simulation/events/plan/')) streams.push(request.url());
    });
    await page.getByRole('button', { name: 'Finish & Run Simulation' }).click();
    await expect(page).toHaveURL(/\/simulation$/);
    expect(page.url()).toBe(`${planUrl}simulation`);
    ratesSimulationUrl = page.url();
    await expect(snackbar(page, 'Simulation failed.')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: `Simulation: ${ratesPlanName}`, level: 1 })).toBeVisible();
    // The status view while the run is unfinished; a warm server may finish a run this small before the page
    // first reads its status, and then the results come at once (the status texts are component-tested).
    const pending = page.getByRole('status').getByRole('heading', { name: PENDING_STATUS });
    await expect(pending.or(resultsTab(page, 'Tables'))).toBeVisible();
    const sawPending = await pending.isVisible();

    // The embedded server runs the job; its end is pushed to the page (server-sent events), so the results show
    // within seconds of it rather than at the next 15 s poll.
    const planId = /\/(\d+)\/simulation$/.exec(page.url())?.[1];
    const runStatus = async () =>
      (
        (await (await page.request.get(`/ctpo/simulation/status/plan/${planId}`)).json()) as {
          simOptRunStatus: string;
        }
      ).simOptRunStatus;
    await expect.poll(runStatus, { timeout: 180_000, intervals: [250] }).toBe('COMPLETED_OK');
    await expect(resultsTab(page, 'Tables')).toBeVisible({ timeout: 8_000 });
    if (sawPending) expect(streams.length).toBeGreaterThan(0);
    await expect(resultsTab(page, 'Tables')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('alert')).toHaveCount(0);

    const summary = resultTable(page, 'Summary');
    await expect(summary.getByRole('rowheader', { name: 'Overall', exact: true })).toBeVisible();
    await expect(summary.getByRole('rowheader', { name: /Germany|DEU/ }).first()).toBeVisible();
    const enrollment = resultTable(page, 'Enrollment Milestones');
    for (const header of ['P10', 'P50', 'P90']) {
      await expect(enrollment.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    // Dates as DD/MMM/YYYY in the percentile columns.
    await expect(enrollment.getByRole('row').nth(1).getByRole('cell').last()).toHaveText(
      /^\d{2}\/[A-Z][a-z]{2}\/\d{4}$/,
    );
    expect(await enrollment.getByRole('row').count()).toBeGreaterThan(2);
    for (const name of ['Timeline Durations', 'Country Start-up Milestones', 'Country Start-up Durations']) {
      expect(await resultTable(page, name).getByRole('row').count(), name).toBeGreaterThan(1);
    }
    // The uncertainty settings the run used (the plan's defaults), each value on one line at 1280 px.
    const parameters = page.getByRole('region', { name: 'Parameter Summary' });
    const settings: [string, string][] = [
      ['Study rate CV', '0.20'],
      ['Country rate CV', '0.60'],
      ['Site rate CV', '0.80'],
      ['Start-up CV', '0.25'],
      ['Non-enrolling sites', '0%'],
      ['Site inactivation (per site-year)', '0.20'],
      ['Site ramp-up (days)', '0'],
      ['Ramp-up start (share of rate)', '0.50'],
      ['Site decay (per year)', '0.00'],
    ];
    for (const [label, value] of settings) {
      const term = parameters
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) });
      const definition = term.locator('xpath=following-sibling::dd[1]');
      await expect(definition, label).toHaveText(value);
      const [termBox, valueBox] = [await term.boundingBox(), await definition.boundingBox()];
      expect(valueBox!.height, label).toBeLessThanOrEqual(termBox!.height + 1);
    }

    await resultsTab(page, 'Charts').click();
    await expect(resultsTab(page, 'Charts')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/^Enrollment Rate: [\d.]+ patients\/site\/month/)).toBeVisible();
    await expect(page.getByText(/Screen Fail Rate: /)).toBeVisible();
    for (const title of ['Monthly Enrollment', 'Weekly Enrollment', 'Patients By Group']) {
      const chart = page.getByRole('img', { name: new RegExp(`^${title}`) });
      await expect(chart, title).toBeVisible();
      await expect(chart.locator('canvas').first(), title).toBeVisible();
    }
    // A Rates plan has no cohort range chart.
    await expect(page.getByRole('img', { name: /^Cohorts Timeline|^Timeline Overview/ })).toHaveCount(0);
    // The region / site-group toggle redraws the monthly chart.
    await page
      .getByRole('group', { name: 'Monthly Enrollment grouping' })
      .getByRole('button', { name: 'Site Group' })
      .click();
    await expect(
      page
        .getByRole('img', { name: /^Monthly Enrollment by site group/ })
        .locator('canvas')
        .first(),
    ).toBeVisible();
  });

  test('a planner exports tables as a workbook and a chart as a PNG', async ({ page }, testInfo) => {
    test.skip(!ratesSimulationUrl, 'needs the run of the first journey');
    test.setTimeout(120_000);
    await page.goto(ratesSimulationUrl);
    await signIn(page, 'planner');
    await expect(resultsTab(page, 'Tables')).toBeVisible({ timeout: 60_000 });

    await page.getByRole('button', { name: 'Export Tables' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Tables' });
    await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Monthly (Cumulative)', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'Combined Report', exact: true }).check();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await downloading;
    await expect(dialog).toBeHidden();

    // sponsor_plan_YYYY-MM-DD_project_study.xlsx
    const fileName = download.suggestedFilename();
    expect(fileName).toMatch(
      new RegExp(`^.+_${ratesPlanName}_\\d{4}-\\d{2}-\\d{2}_${RATES_STUDY}_\\d+\\.xlsx$`),
    );
    const file = testInfo.outputPath(fileName);
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Monthly (Cumulative)', 'Combined Report']);
    for (const sheet of workbook.worksheets) {
      expect(sheet.actualRowCount, sheet.name).toBeGreaterThan(5);
    }
    const combined = workbook.getWorksheet('Combined Report')!;
    const cells: string[] = [];
    combined.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text))));
    expect(cells).toContain('Overall');
    expect(cells).toContain('P50');
    expect(cells).toContain(ratesPlanName);

    await resultsTab(page, 'Charts').click();
    await expect(
      page
        .getByRole('img', { name: /^Monthly Enrollment/ })
        .locator('canvas')
        .first(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Export Charts' }).click();
    const charts = page.getByRole('dialog', { name: 'Export Charts' });
    await expect(charts.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
    await charts.getByRole('checkbox', { name: /^Monthly Enrollment/ }).check();
    const imageDownloading = page.waitForEvent('download');
    await charts.getByRole('button', { name: 'Export', exact: true }).click();
    const image = await imageDownloading;
    expect(image.suggestedFilename()).toBe('MonthlyEnrollment.png');
    const png = await readFile(await image.path());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.length).toBeGreaterThan(10_000);
  });

  test('a planner reads the cohort tables and the Cohorts Timeline of a finished Cohort (D) run', async ({
    page,
  }) => {
    await page.goto('/');
    await signIn(page, 'planner');
    await openStudy(page, COHORT_STUDY);
    await page.getByRole('button', { name: `Actions for ${COHORT_PLAN}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'View Simulation', exact: true }).click();
    await expect(page).toHaveURL(/\/simulation$/);
    await expect(page.getByRole('heading', { name: `Simulation: ${COHORT_PLAN}`, level: 1 })).toBeVisible();
    await expect(resultsTab(page, 'Tables')).toBeVisible({ timeout: 60_000 });

    const cohortSummary = resultTable(page, 'Summary - Cohort');
    for (const cohort of ['Cohort 1 - 200 mg', 'Cohort 2 - 400 mg', 'Cohort 3 - 600 mg']) {
      await expect(cohortSummary.getByRole('rowheader', { name: cohort, exact: true })).toBeVisible();
    }
    // The cohort Monte Carlo: each cohort's start and four phase ends with their P10 / P50 / P90.
    const cohortDates = resultTable(page, 'Cohort Dates - P10 / P50 / P90');
    await expect(cohortDates.getByRole('columnheader', { name: 'P90', exact: true })).toBeVisible();
    await expect(cohortDates.getByRole('row')).toHaveCount(1 + 3 * 5);
    await expect(
      resultTable(page, 'Summary').getByRole('rowheader', { name: 'Overall', exact: true }),
    ).toBeVisible();

    await resultsTab(page, 'Charts').click();
    await expect(page.getByRole('heading', { name: 'Cohorts Timeline' })).toBeAttached();
    await expect(
      page
        .getByRole('img', { name: /^Cohorts Timeline/ })
        .locator('canvas')
        .first(),
    ).toBeVisible();
  });

  test('a viewer reads the Rates results in view mode: no status polling, no edit controls', async ({
    page,
  }) => {
    test.skip(!ratesSimulationUrl, 'needs the run of the first journey');
    await page.goto('/');
    await signIn(page, 'viewer');
    await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
    const statusCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ctpo/simulation/status')) statusCalls.push(request.url());
    });
    // Without type=view: the read-only user is sent to view mode.
    await page.goto(ratesSimulationUrl);
    await expect(page).toHaveURL(/\/simulation\?type=view$/);
    await expect(resultsTab(page, 'Tables')).toBeVisible({ timeout: 60_000 });
    await expect(
      resultTable(page, 'Summary').getByRole('rowheader', { name: 'Overall', exact: true }),
    ).toBeVisible();
    const afterResults = statusCalls.length;
    await page.waitForTimeout(2_500);
    expect(statusCalls.length).toBeLessThanOrEqual(1);
    expect(statusCalls.length).toBe(afterResults);

    await expect(page.getByRole('button', { name: 'View Study Plan' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Study Plan' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save As' })).toHaveCount(0);
    await page.getByRole('button', { name: 'View Study Plan' }).click();
    await expect(page).toHaveURL(/\/review$/);
  });
});
