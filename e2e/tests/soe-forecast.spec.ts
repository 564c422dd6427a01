import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openStudy } from './plan-helpers';
import { signIn } from './sign-in';

/** The melanoma study, whose demo SOE is linked to a plan with a finished run (the demo seed). */
const STUDY = '2025-ONC-0303';
const TABLES = ['Cost Summary', 'Cost Detail', 'Clinical Strategy', 'Data Management', 'Investigator Grants'];
/** A follow-up visit: its occurrences depend on no other visit, and no site contract sets its total. */
const VISIT = 'Follow Up Month 6';
const CHANGE = 100;

const whole = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** The Cost Summary's Total Cost as the page shows it (whole units of the SOE currency). */
async function shownTotal(page: Page): Promise<number> {
  const summary = page.getByRole('table', { name: 'Cost Summary' });
  const total = summary.getByRole('row').filter({ has: page.getByText('Total', { exact: true }) });
  await expect(total).toHaveCount(1);
  return whole(await total.getByRole('cell').last().textContent());
}

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res =
    method === 'GET'
      ? await request.get(path)
      : await request.post(path, { data, headers: { 'x-predict-csrf': '1' } });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

type Row = { siteGroupId: number | null; siteId: number | null; dataSet: string; visitCount: number };
type VisitRow = Record<string, unknown> & { scheduleOfEventsVisitId: number; visitName: string };

/**
 * The expected occurrences of VISIT in the rows that take its study-level cost (the countries and sites without a
 * visit cost or contract total of their own): read through the API from a clone of the SOE that keeps VISIT only,
 * where each row's Visits count is that visit's occurrences.
 */
async function occurrencesAtStudyCost(request: APIRequestContext, studyId: number, soeId: number) {
  const [{ Id: cloneId }] = await api<[{ Id: number }]>(request, 'POST', `/ctpo/study/${studyId}/SOEClone`, {
    scheduleOfEventsId: soeId,
    studyId,
    name: `Occurrences of ${VISIT}`,
    description: 'One visit, to read its occurrences',
  });
  const { version } = (await api<{ data: { version: number }[] }>(request, 'GET', `/ctpo/soe/${cloneId}`))
    .data[0]!;
  const visit = (await api<VisitRow[]>(request, 'GET', `/ctpo/soe/${cloneId}/visits`)).find(
    (v) => v.visitName === VISIT,
  )!;
  await api(request, 'POST', `/ctpo/soe/${cloneId}/save`, {
    version,
    visits: [{ ...visit, visitKey: String(visit.scheduleOfEventsVisitId) }],
  });
  const rows = await api<Row[]>(request, 'GET', `/ctpo/soe/${cloneId}/summary`);
  let occurrences = 0;
  for (const r of rows.filter((x) => x.dataSet === 'Detail')) {
    const [level] = await api<
      { effective: { visitCost: { from: string }; visitCostTotal: { value: unknown } } }[]
    >(request, 'GET', `/ctpo/soe/${cloneId}/visits/sitegroup/${r.siteGroupId}/site/${r.siteId}`);
    if (level!.effective.visitCost.from === 'study' && level!.effective.visitCostTotal.value === null)
      occurrences += r.visitCount;
  }
  return occurrences;
}

test('a planner reads the demo SOE forecast, exports its five tables and moves its total with a visit cost', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await signIn(page, 'planner');
  await openStudy(page, STUDY);
  const actions = page.getByRole('button', { name: /^Actions for .+ SoE/ });
  const soeName = (await actions.getAttribute('aria-label'))!.replace('Actions for ', '');
  await actions.click();
  await page.getByRole('menuitem', { name: 'Forecast' }).click();
  await expect(page).toHaveURL(/\/ctpo\/study-plans\/\d+\/soe\/\d+\/forecast$/);
  const [, studyId, soeId] = /study-plans\/(\d+)\/soe\/(\d+)\/forecast/.exec(page.url())!.map(Number);

  // Every table has rows with values, and the chart its band.
  for (const name of TABLES) {
    const table = page.getByRole('table', { name });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(table).not.toContainText('No Results Found');
    await expect(
      table.locator('tbody tr').first().getByRole('cell').filter({ hasText: /\d/ }).first(),
    ).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Cost Detail' }).locator('tbody')).toContainText(
    /\w{3} \d{4}/,
  );
  const chart = page.getByRole('img', {
    name: /^Cumulative cost from \w{3} \d{4} to \w{3} \d{4}: [\d,]+ USD \(P10-P90 band shown\)$/,
  });
  await expect(chart.locator('canvas')).toBeVisible();
  const before = await shownTotal(page);
  expect(before).toBeGreaterThan(0);
  expect(await chart.getAttribute('aria-label')).toContain(before.toLocaleString('en-US'));

  // Export Tables: all five, one sheet each, columns 15 wide.
  await page.getByRole('button', { name: 'Export Tables' }).click();
  const dialog = page.getByRole('dialog');
  for (const name of TABLES) await dialog.getByRole('checkbox', { name }).check();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^${soeName}_\\d{4}-\\d{2}-\\d{2}_\\d{6}_${studyId}\\.xlsx$`),
  );
  await expect(dialog).toBeHidden();
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  expect(workbook.worksheets.map((s) => s.name).sort()).toEqual([...TABLES].sort());
  for (const sheet of workbook.worksheets) {
    expect(sheet.actualRowCount).toBeGreaterThan(1);
    sheet.getRow(1).eachCell((_, col) => expect(sheet.getColumn(col).width).toBe(15));
  }

  // A visit cost changed in the editor moves the total by the visit's occurrences x the change.
  const occurrences = await occurrencesAtStudyCost(page.request, studyId!, soeId!);
  expect(occurrences).toBeGreaterThan(1);
  await page.getByRole('link', { name: 'Edit SOE' }).click();
  const visits = page.getByRole('table', { name: 'Visits' });
  await page.getByRole('group', { name: 'Field type' }).getByRole('button', { name: 'Cost' }).click();
  const cost = visits.getByLabel(`Visit Cost of ${VISIT}`);
  const old = whole(await cost.inputValue());
  // The field shows currency until focused, then the plain number: edit it once it has switched.
  await cost.click();
  await expect(cost).toHaveValue(String(old));
  await cost.fill(String(old + CHANGE));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await page.getByRole('link', { name: 'Forecast' }).click();
  await expect(page).toHaveURL(/\/forecast$/);
  await expect.poll(async () => (await shownTotal(page)) - before, { timeout: 30_000 }).not.toBe(0);
  // Whole units on the page (truncated) and each month's cents rounded: within a few units of the expectation.
  const moved = (await shownTotal(page)) - before;
  expect(Math.abs(moved - occurrences * CHANGE)).toBeLessThanOrEqual(3);
});
