import type { ResultSets, StudyPlan } from '@predict/shared';
import { screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { COHORT_SETS, RUN_SETTINGS, simPlan, W1_SETS } from '../../test/simulation-test-utils';
import { buildTablesWorkbook } from '../../utils/tables-workbook';
import type { ExportOptionId } from '../../utils/export-options';
import { ExportTablesDialog } from './export-tables-dialog';

const cohortPlan = () => simPlan({ studyPlanType: 2, studyPlanTypeDetail: 'Cohort (D)', cohortType: 2 });

/** jsdom's Blob cannot give its bytes directly; FileReader can. */
const blobBytes = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });

async function readBack(data: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data);
  return wb;
}

/** Every cell's value of a sheet, row by row. */
function values(sheet: ExcelJS.Worksheet): unknown[] {
  const out: unknown[] = [];
  sheet.eachRow((row) => row.eachCell((cell) => out.push(cell.value)));
  return out;
}

describe('Export Tables dialog', () => {
  let blobs: Blob[];
  let downloads: string[];

  beforeEach(() => {
    blobs = [];
    downloads = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return 'blob:export';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });

  function renderDialog(plan: StudyPlan = simPlan(), sets: Partial<ResultSets> = W1_SETS, cohorts = false) {
    const onClose = vi.fn();
    const view = renderScreen(
      <ExportTablesDialog plan={plan} sets={sets} cohorts={cohorts} onClose={onClose} />,
    );
    return { ...view, onClose, dialog: screen.getByRole('dialog', { name: 'Export Tables' }) };
  }

  it('offers every option of an ordinary plan and enables Export once one is ticked', async () => {
    const { dialog, user } = renderDialog();
    const labels = within(dialog)
      .getAllByRole('checkbox')
      .map((c) => c.closest('label')?.textContent);
    expect(labels).toEqual([
      'Monthly (Cumulative)',
      'Weekly (Cumulative)',
      'Monthly (Non-Cumulative)',
      'Weekly (Non-Cumulative)',
      'Combined Report',
      'Proposal Report',
      'Timeline Durations',
      'Country Start-up Durations',
    ]);
    const exportButton = within(dialog).getByRole('button', { name: 'Export' });
    expect(exportButton).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Timeline Durations' }));
    expect(exportButton).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Timeline Durations' }));
    expect(exportButton).toBeDisabled();
  });

  it('adds the cohort variants and Summary - Cohort for cohort plans', () => {
    const { dialog } = renderDialog(cohortPlan(), COHORT_SETS, true);
    const group = (name: string) =>
      within(within(dialog).getByRole('group', { name })).getAllByRole('checkbox');
    expect(group('Details')).toHaveLength(8);
    expect(
      within(dialog).getByRole('checkbox', { name: 'Cohort Weekly (Non-Cumulative)' }),
    ).toBeInTheDocument();
    expect(group('Summaries')).toHaveLength(3);
    expect(within(dialog).getByRole('checkbox', { name: 'Summary - Cohort' })).toBeInTheDocument();
  });

  it('downloads one sheet per ticked option, named from sponsor, plan, date, project and study', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 17, 9));
    const { dialog, user, onClose } = renderDialog();
    for (const name of ['Weekly (Cumulative)', 'Combined Report', 'Country Start-up Durations']) {
      await user.click(within(dialog).getByRole('checkbox', { name }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    vi.useRealTimers();
    expect(downloads).toEqual(['Acme Pharma_Base plan_2026-05-17_P-007_7.xlsx']);

    const wb = await readBack(await blobBytes(blobs[0]!));
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'Weekly (Cumulative)',
      'Combined Report',
      'Country Start-up Durations',
    ]);
    const weekly = wb.getWorksheet('Weekly (Cumulative)')!;
    expect(weekly.getRow(1).cellCount).toBe(1 + W1_SETS.detailsWeeklyCumulative.header_dates.length);
    expect(weekly.getCell('A2').value).toBe('Active Sites');
    expect(weekly.getCell('A3').value).toBe('Germany');
    const combined = values(wb.getWorksheet('Combined Report')!);
    expect(combined).toEqual(
      expect.arrayContaining(['Study Details', 'Summary', 'Enrollment Milestones', 'P90']),
    );
    const durations = wb.getWorksheet('Country Start-up Durations')!;
    expect(durations.getRow(2).values).toEqual([undefined, 'Germany', 'DEU', 55, 20, 120, 21, 21, 238]);
  });
});

describe('buildTablesWorkbook', () => {
  const all = (ids: ExportOptionId[]) => new Set<ExportOptionId>(ids);

  it('neutralises text cells that could run as formulas', async () => {
    const plan = simPlan({ studyPlanName: '=HYPERLINK("http://evil")', sponsorName: '@sponsor' });
    const sets: Partial<ResultSets> = {
      ...W1_SETS,
      summaryTable: W1_SETS.summaryTable.map((r) => ({
        ...r,
        siteGroupName: r.siteGroupName === 'Overall' ? 'Overall' : '+cmd',
      })),
      durationTable: W1_SETS.durationTable.map((r) => ({ ...r, siteGroupName: '-2+3' })),
    };
    const wb = await readBack(
      await buildTablesWorkbook(
        plan,
        sets,
        all(['combinedReport', 'proposalReport', 'startupDurations']),
        false,
      ),
    );
    const texts = wb.worksheets.flatMap((s) => values(s)).filter((v): v is string => typeof v === 'string');
    expect(texts).toEqual(
      expect.arrayContaining(['\'=HYPERLINK("http://evil")', "'@sponsor", "'+cmd", "'-2+3"]),
    );
    expect(texts.filter((t) => /^[=+\-@]/.test(t))).toEqual([]);
    // No cell became a formula.
    for (const sheet of wb.worksheets)
      sheet.eachRow((row) => row.eachCell((c) => expect(c.formula).toBeUndefined()));
  });

  it('writes the Proposal Report key figures and milestones with real dates', async () => {
    const wb = await readBack(await buildTablesWorkbook(simPlan(), W1_SETS, all(['proposalReport']), false));
    const sheet = wb.getWorksheet('Proposal Report')!;
    const cells = values(sheet);
    expect(cells).toEqual(
      expect.arrayContaining(['Key Figures', 'Number of Patients Enrolled', 100, 'Key Milestones']),
    );
    const lpi = sheet.getColumn(1).values.indexOf('Last Patient In');
    const lpiDate = sheet.getRow(lpi).getCell(2).value;
    expect(lpiDate).toBeInstanceOf(Date);
    // The plan-line date of Last Patient In in the engine's result: 29/Oct/2027.
    expect((lpiDate as Date).toISOString().slice(0, 10)).toBe('2027-10-29');
  });

  it("writes the run's uncertainty settings in the Combined Report's Parameter Summary", async () => {
    const wb = await readBack(
      await buildTablesWorkbook(simPlan(), W1_SETS, all(['combinedReport']), false, RUN_SETTINGS),
    );
    const sheet = wb.getWorksheet('Combined Report')!;
    const labels = sheet.getColumn(1).values;
    const valueOf = (label: string) => sheet.getRow(labels.indexOf(label)).getCell(2).value;
    expect(labels.indexOf('Country rate CV')).toBeGreaterThan(labels.indexOf('Parameter Summary'));
    expect(valueOf('Site rate CV')).toBe('0.80');
    expect(valueOf('Country rate CV')).toBe('0.30');
    expect(valueOf('Site inactivation (per site-year)')).toBe('0.15');
    expect(valueOf('Site ramp-up (days)')).toBe('60');
    expect(valueOf('Ramp-up start (share of rate)')).toBe('0.40');
    expect(valueOf('Site decay (per year)')).toBe('0.05');
  });

  it('writes the cohort summary and cohort details of a cohort plan', async () => {
    const wb = await readBack(
      await buildTablesWorkbook(
        cohortPlan(),
        COHORT_SETS,
        all(['summaryCohort', 'cohortDetailsMonthlyNonCumulative']),
        true,
      ),
    );
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Cohort Monthly (Non-Cumulative)', 'Summary - Cohort']);
    expect(wb.getWorksheet('Summary - Cohort')!.getCell('A2').value).toBe('Cohort 1');
  });
});
