import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  fillPlanWorkbook,
  PLAN_EXPORT_MESSAGES,
  PLAN_SHEETS,
  PLAN_TEMPLATE_PATH,
  PLAN_UPLOAD_MESSAGES,
  planToSheetValues,
  ZIP_MESSAGES,
  type StudyPlan,
} from '@predict/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { step2Plan } from '@/features/plan-countries/test/plan-countries-fixtures';
import { errorReply, installFetchMock, json, type FetchMockApi } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { PlanSpreadsheetActions } from './plan-spreadsheet-actions';

const TEMPLATE = readFileSync(
  path.resolve(__dirname, '../../../../public/templates/study-plan-template.xlsx'),
);
const UPLOAD = '/ctpo/study/7/EnrollmentPlanUpload';

/** Germany with its activation override on and a last card (4) below its 5 activated sites. */
function mismatchedPlan(): StudyPlan {
  const plan = step2Plan({ studyName: 'KESTREL/MEL: 301?' });
  const de = plan.countries[0]!.siteGroups[0]!;
  de.activationProfileOverride = true;
  de.activationProfiles = [
    {
      siteActivationProfileId: 1,
      siteActivationLabel: 'Projected',
      siteActivationProfilePct: 1,
      siteActivationProfileDays: 0,
      siteActivationProfileDateMillis: null,
      overrideFl: true,
    },
    {
      siteActivationProfileId: 2,
      siteActivationLabel: 'Projected',
      siteActivationProfilePct: 4,
      siteActivationProfileDays: 60,
      siteActivationProfileDateMillis: null,
      overrideFl: true,
    },
  ];
  de.milestones = de.milestones.map((m) =>
    m.milestoneId === 158 ? { ...m, isUserOverride: 1, comments: '=HYPERLINK("http://x")' } : m,
  );
  return plan;
}

async function xlsxOf(plan: StudyPlan, edit?: (wb: ExcelJS.Workbook) => void): Promise<File> {
  const wb = new ExcelJS.Workbook();
  // exceljs' types predate Node's generic Buffer; the bytes are what it reads.
  await wb.xlsx.load(TEMPLATE as unknown as ArrayBuffer);
  fillPlanWorkbook(wb, planToSheetValues(plan));
  edit?.(wb);
  const data = await wb.xlsx.writeBuffer();
  return new File([data], 'plan.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

function setup(plan: StudyPlan, mock: FetchMockApi = installFetchMock()) {
  mock.on('GET', '/ctpo/plan/42', plan);
  const view = renderScreen(<PlanSpreadsheetActions canUpload />, {
    route: '/ctpo/study-plans/7/42/countries-and-site-groups',
    path: '/ctpo/study-plans/:studyId/:planId/countries-and-site-groups',
  });
  return { ...view, mock };
}

async function openDialog(file: File) {
  fireEvent.click(await screen.findByRole('button', { name: 'Upload Plan' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload Plan' });
  expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
  fireEvent.change(within(dialog).getByTestId('plan-file-input'), { target: { files: [file] } });
  return dialog;
}

afterEach(() => vi.restoreAllMocks());

describe('UPLOAD PLAN', () => {
  it('uploads a template file and reports success', async () => {
    const plan = step2Plan();
    const { mock } = setup(plan);
    mock.on('POST', UPLOAD, [{ returnCode: '200', returnDesc: PLAN_UPLOAD_MESSAGES.success, rowVersion: 9 }]);
    const dialog = await openDialog(await xlsxOf(plan));
    expect(dialog).toHaveTextContent('plan.xlsx');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(PLAN_UPLOAD_MESSAGES.success)).toBeInTheDocument();
    const [sent] = mock.to(UPLOAD, 'POST');
    expect(sent!.body).toMatchObject({
      studyPlanId: 42,
      rowVersion: plan.rowVersion,
      fileName: 'plan.xlsx',
      overrideOffRows: [],
    });
    expect((sent!.body as { fileBase64: string }).fileBase64.length).toBeGreaterThan(1000);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload Plan' })).not.toBeInTheDocument(),
    );
  });

  it('refuses other file types and non-workbooks without sending them', async () => {
    const { mock } = setup(step2Plan());
    const dialog = await openDialog(new File(['a,b'], 'plan.csv'));
    expect(within(dialog).getByText('Errors Found')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(ZIP_MESSAGES.extension);
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();

    fireEvent.change(within(dialog).getByTestId('plan-file-input'), {
      target: { files: [new File(['not a zip'], 'x.xlsx')] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('System Response')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(ZIP_MESSAGES.notXlsx);
    expect(await screen.findByText(PLAN_UPLOAD_MESSAGES.failed)).toBeInTheDocument();
    expect(mock.to(UPLOAD)).toEqual([]);
  });

  it("sends a file with a wrong cell and lists all the server's errors by row and column", async () => {
    const plan = step2Plan();
    const { mock } = setup(plan);
    mock.on('POST', UPLOAD, () =>
      json(
        {
          error: 'Bad Request',
          message: 'The spreadsheet has errors; fix them and upload it again.',
          fields: [
            {
              path: 'Countries!H2',
              message: 'Row 2, column H (Enrollment Rate (patients/site/month)): Has to be a number.',
            },
            {
              path: 'Countries!A2',
              message: 'Row 2, column A (Site Group ID): No site group with this ID or name in Admin Data.',
            },
          ],
        },
        400,
      ),
    );
    // The wrong cell alone no longer stops the upload in the browser: the server lists it with the rest.
    const file = await xlsxOf(plan, (wb) => {
      wb.getWorksheet(PLAN_SHEETS.countries)!.getCell('H2').value = 'fast';
    });
    const dialog = await openDialog(file);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText(
        `${PLAN_SHEETS.countries}: Row 2, column H (Enrollment Rate (patients/site/month)): Has to be a number.`,
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        `${PLAN_SHEETS.countries}: Row 2, column A (Site Group ID): No site group with this ID or name in Admin Data.`,
      ),
    ).toBeInTheDocument();
    expect(mock.to(UPLOAD, 'POST')).toHaveLength(1);
    expect(dialog).toHaveTextContent('The spreadsheet has errors; fix them and upload it again.');
    expect(await screen.findByText(PLAN_UPLOAD_MESSAGES.failed)).toBeInTheDocument();
  });

  it("shows 'Failed to update plan' with returnDesc for a non-200 returnCode", async () => {
    const plan = step2Plan();
    const { mock } = setup(plan);
    mock.on('POST', UPLOAD, [{ returnCode: '500', returnDesc: 'Locked by another upload', rowVersion: 1 }]);
    const dialog = await openDialog(await xlsxOf(plan));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(PLAN_UPLOAD_MESSAGES.updateFailed)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Locked by another upload');
  });

  it('asks before turning off an override whose last card differs: Cancel aborts, OK sends the row', async () => {
    const plan = mismatchedPlan();
    const { mock } = setup(plan);
    mock.on('POST', UPLOAD, [{ returnCode: '200', returnDesc: PLAN_UPLOAD_MESSAGES.success, rowVersion: 9 }]);
    const dialog = await openDialog(await xlsxOf(plan));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    let warning = await screen.findByRole('dialog', { name: 'Warning!' });
    expect(warning).toHaveTextContent(
      'DEU: the last activation profile card (4 sites) differs from the activated sites (5)',
    );
    fireEvent.click(within(warning).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled());
    expect(mock.to(UPLOAD)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    warning = await screen.findByRole('dialog', { name: 'Warning!' });
    fireEvent.click(within(warning).getByRole('button', { name: 'OK' }));
    await screen.findByText(PLAN_UPLOAD_MESSAGES.success);
    expect(mock.to(UPLOAD, 'POST')[0]!.body).toMatchObject({ overrideOffRows: [2] });
  });
});

describe('EXPORT PLAN', () => {
  it('fills the template from the plan, names it after the study and neutralises formula text', async () => {
    const plan = mismatchedPlan();
    const mock = installFetchMock().on(
      'GET',
      PLAN_TEMPLATE_PATH,
      () => new Response(TEMPLATE, { status: 200 }),
    );
    setup(plan, mock);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:plan';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Export Plan' }));
    expect(await screen.findByText(PLAN_EXPORT_MESSAGES.loading)).toBeInTheDocument();
    expect(await screen.findByText(PLAN_EXPORT_MESSAGES.done)).toBeInTheDocument();
    expect(names).toEqual(['KESTREL_MEL_ 301__study_plan.xlsx']);

    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blobs[0]!);
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    const countries = wb.getWorksheet(PLAN_SHEETS.countries)!;
    expect(countries.getCell('C2').value).toBe('DEU');
    const row = countries.getRow(2).values as unknown[];
    expect(row).toContain('\'=HYPERLINK("http://x")');
    expect(row).not.toContain('=HYPERLINK("http://x")');
  });

  it("reports 'Error fetching study plan' when the plan cannot be read", async () => {
    const mock = installFetchMock();
    setup(step2Plan(), mock);
    await screen.findByRole('button', { name: 'Export Plan' });
    mock.on('GET', '/ctpo/plan/42', errorReply(500, 'Database down'));
    mock.on('GET', PLAN_TEMPLATE_PATH, () => new Response(TEMPLATE, { status: 200 }));
    fireEvent.click(screen.getByRole('button', { name: 'Export Plan' }));
    expect(await screen.findByText(PLAN_EXPORT_MESSAGES.failed('Database down'))).toBeInTheDocument();
  });
});
