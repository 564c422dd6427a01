import { SITE_CONTRACT_MESSAGES as M, SOE_MESSAGES } from '@predict/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { chooseFile, ROUTE, SOE_ID, STUDY_ID, workbookFile } from '../test/upload-fixtures';
import { UploadSiteContractDialog } from './upload-site-contract-dialog';

const POST = `/ctpo/study/${STUDY_ID}/SOEUploadSite`;
const HEADINGS = ['Type', 'Name', 'Cost', 'Currency'];

function renderDialog() {
  const onContinue = vi.fn();
  const view = renderScreen(
    <UploadSiteContractDialog
      studyId={STUDY_ID}
      soeId={SOE_ID}
      siteId={12}
      siteNumber="FRA-001"
      visitNames={['Screening', 'C1D1']}
      assessmentNames={['12-Lead ECG']}
      onClose={vi.fn()}
      onContinue={onContinue}
    />,
    { route: ROUTE },
  );
  return { ...view, onContinue, dialog: screen.getByRole('dialog', { name: 'Upload Site Contract' }) };
}

const contract = (...rows: (string | number | null)[][]) =>
  workbookFile({ 'Site Contract': [['Site Number', 'FRA-001'], [], HEADINGS, ...rows] }, 'contract.xlsx');

const progress = (dialog: HTMLElement) =>
  within(dialog).getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow');

describe('UploadSiteContractDialog', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = installFetchMock();
  });

  it('sends the contract (progress 50), completes at 100 and reloads on Continue', async () => {
    let body: unknown;
    let answer!: () => void;
    server.on('POST', POST, (r) => {
      body = r.body;
      return new Promise((resolve) => {
        answer = () => resolve({ message: M.uploaded, rows: 2 });
      });
    });
    const { user, dialog, onContinue } = renderDialog();
    chooseFile(
      dialog,
      await contract(['Visit', 'screening', 150, 'EUR'], ['Assessment', '12-Lead ECG', '80.5', 'Euro']),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await within(dialog).findByText('Uploading...');
    await vi.waitFor(() => expect(progress(dialog)).toBe('50'));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer();
    expect(await within(dialog).findByText(M.completedStatus)).toBeInTheDocument();
    expect(progress(dialog)).toBe('100');
    expect(body).toEqual({
      scheduleOfEventsId: SOE_ID,
      siteNumber: 'FRA-001',
      siteId: 12,
      visits: [{ visitName: 'Screening', visitCost: 150, currency: 'EUR' }],
      assessments: [{ assessmentName: '12-Lead ECG', assessmentCost: 80.5, currency: 'EUR' }],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('lists the bad rows under Errors Found:, fails at 100 and sends nothing', async () => {
    const { user, dialog } = renderDialog();
    chooseFile(dialog, await contract(['Visit', 'Screening', 150, null], ['Assessment', 'MRI', 'abc', null]));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(M.failedStatus)).toBeInTheDocument();
    expect(progress(dialog)).toBe('100');
    const list = within(dialog).getByRole('region', { name: M.errorsFound });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `Site Contract!B5: ${SOE_MESSAGES.unknownAssessment}`,
      `Site Contract!C5: ${SOE_MESSAGES.cost}`,
    ]);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(M.uploadFailed);
    expect(server.to(POST)).toHaveLength(0);
  });

  it("refuses another site's contract", async () => {
    const { user, dialog } = renderDialog();
    chooseFile(
      dialog,
      await workbookFile({
        'Site Contract': [['Site Number', 'DEU-007'], [], HEADINGS, ['Visit', 'C1D1', 10]],
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const list = await within(dialog).findByRole('region', { name: M.errorsFound });
    expect(list).toHaveTextContent(`Site Contract!B1: ${M.siteNumberMismatch('FRA-001')}`);
  });

  it("shows the server's message and its rows by name when the upload is refused", async () => {
    server.on(
      'POST',
      POST,
      json(
        {
          error: 'Bad Request',
          message: M.uploadFailed,
          fields: [{ path: 'body.visits.1.currency', message: M.siteCurrency('EUR') }],
        },
        400,
      ),
    );
    const { user, dialog } = renderDialog();
    chooseFile(dialog, await contract(['Visit', 'Screening', 10, 'USD'], ['Visit', 'C1D1', 99, 'USD']));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const list = await within(dialog).findByRole('region', { name: M.errorsFound });
    expect(list).toHaveTextContent(`Visit C1D1: ${M.siteCurrency('EUR')}`);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(M.uploadFailed);
    expect(within(dialog).getByText(M.failedStatus)).toBeInTheDocument();

    server.on('POST', POST, errorReply(500, ''));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(M.unknownError)).toBeInTheDocument();
  });
});
