import { EPRICE_MESSAGES, EPRICE_STATUS, PAGE_NUMBERS_MESSAGE, ZIP_MESSAGES } from '@predict/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { soeDetail } from '@/features/soe-editor/test/soe-editor-fixtures';
import { chooseFile, ROUTE, SOE_ID, STUDY_ID, xlsxFile } from '../test/upload-fixtures';
import { EPRICE_PROCESSING_TEXT, PAGE_NUMBERS_HINT, UploadEpriceDialog } from './upload-eprice-dialog';

/** Finished texts are longer than 40 characters (spec/2 section 4). */
const DONE = EPRICE_STATUS.succeeded('Applied 40 visit costs, 120 assessment costs and 9 site costs.');
const FAILED = EPRICE_STATUS.failed(EPRICE_MESSAGES.visitNamesMismatch);

const ACCEPTED = {
  message: EPRICE_MESSAGES.uploaded,
  scheduleOfEventsId: SOE_ID,
  uploadStatus: EPRICE_STATUS.queued,
};

function renderDialog(costsDetected = false) {
  const onClose = vi.fn();
  const onUploaded = vi.fn();
  const view = renderScreen(
    <UploadEpriceDialog
      studyId={STUDY_ID}
      soeId={SOE_ID}
      costsDetected={costsDetected}
      onClose={onClose}
      onUploaded={onUploaded}
    />,
    { route: ROUTE },
  );
  return { ...view, onClose, onUploaded, dialog: screen.getByRole('dialog', { name: 'Upload ePrice' }) };
}

describe('UploadEpriceDialog', () => {
  let server: FetchMock;
  const serveStatus = (uploadStatus: string | null) =>
    server.on('GET', `/ctpo/soe/${SOE_ID}`, { data: [soeDetail({ uploadStatus })] });
  beforeEach(() => {
    server = installFetchMock();
  });

  it('takes only .xlsx files, keeps the last one, offers the three targets and sends the chosen one', async () => {
    const { user, dialog, onUploaded } = renderDialog();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    chooseFile(dialog, new File(['a,b'], 'prices.csv'));
    expect(within(dialog).getByText(ZIP_MESSAGES.extension)).toBeInTheDocument();
    expect(next).toBeDisabled();
    chooseFile(dialog, xlsxFile('first', 'first.xlsx'));
    chooseFile(dialog, xlsxFile('ePrice', 'eprice.xlsx'));
    expect(within(dialog).getByText('eprice.xlsx')).toBeInTheDocument();
    expect(within(dialog).queryByText(ZIP_MESSAGES.extension)).not.toBeInTheDocument();
    await user.click(next);

    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual([
      'BudgetVue',
      'Predict',
      'BudgetVue_Predict',
    ]);
    expect(within(dialog).getByRole('radio', { name: /^Predict - Apply/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /^BudgetVue and Predict/ }));

    let body: Record<string, unknown> = {};
    server.on('POST', '/ctpo/files', (r) => {
      body = r.body as Record<string, unknown>;
      return ACCEPTED;
    });
    serveStatus(DONE);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(EPRICE_MESSAGES.statusSucceeded)).toBeInTheDocument();
    expect(within(dialog).getByText(DONE)).toBeInTheDocument();
    expect(body.FileName).toBe('eprice.xlsx');
    // 'ePrice' in base64.
    expect(body.encodedData).toBe('ZVByaWNl');
    expect(JSON.parse(body.FileAttrs as string)).toMatchObject({
      scheduleOfEventsId: SOE_ID,
      studyId: STUDY_ID,
      uploadType: 'BudgetVue_Predict',
      // The page-numbers field was left empty.
      pdfPageNumbers: null,
    });
    expect(onUploaded).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('checks the optional page numbers with the shared rule and sends them in FileAttrs', async () => {
    const { user, dialog } = renderDialog();
    chooseFile(dialog, xlsxFile());
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const pages = within(dialog).getByRole('textbox', { name: 'Page numbers' });
    const uploadButton = within(dialog).getByRole('button', { name: 'Upload' });
    expect(pages).toHaveAccessibleDescription(PAGE_NUMBERS_HINT);

    await user.type(pages, '1, 3-5');
    expect(pages).toHaveAccessibleDescription(PAGE_NUMBERS_MESSAGE);
    expect(pages).toHaveAttribute('aria-invalid', 'true');
    expect(uploadButton).toBeDisabled();

    await user.clear(pages);
    await user.type(pages, '1, 3,5');
    expect(pages).toHaveAccessibleDescription(PAGE_NUMBERS_HINT);
    expect(uploadButton).toBeEnabled();

    let body: Record<string, unknown> = {};
    server.on('POST', '/ctpo/files', (r) => {
      body = r.body as Record<string, unknown>;
      return ACCEPTED;
    });
    serveStatus(DONE);
    await user.click(uploadButton);
    expect(await within(dialog).findByText(EPRICE_MESSAGES.statusSucceeded)).toBeInTheDocument();
    expect(JSON.parse(body.FileAttrs as string)).toMatchObject({ pdfPageNumbers: '1, 3,5' });
  });

  it('keeps processing while the status text is short and cannot be closed then', async () => {
    const { user, dialog, onClose } = renderDialog();
    chooseFile(dialog, xlsxFile());
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    server.on('POST', '/ctpo/files', ACCEPTED);
    // Short texts mean the upload is still running.
    serveStatus(EPRICE_STATUS.processing);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(EPRICE_PROCESSING_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(server.to(`/ctpo/soe/${SOE_ID}`, 'GET')).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).queryByText(EPRICE_MESSAGES.statusFailed)).not.toBeInTheDocument();
  });

  it('shows the failure text when the finished status contains failed', async () => {
    const { user, dialog, onUploaded, onClose } = renderDialog();
    chooseFile(dialog, xlsxFile());
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    server.on('POST', '/ctpo/files', ACCEPTED);
    serveStatus(FAILED);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(EPRICE_MESSAGES.statusFailed)).toBeInTheDocument();
    expect(within(dialog).getByText(FAILED)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onUploaded).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('blocks the upload when the editor shows costs, with the spec text', () => {
    const { dialog } = renderDialog(true);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(EPRICE_MESSAGES.costDetected);
    chooseFile(dialog, xlsxFile());
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows the cost-detected text when the server refuses the upload for costs at another level', async () => {
    const { user, dialog } = renderDialog();
    chooseFile(dialog, xlsxFile());
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    server.on('POST', '/ctpo/files', errorReply(409, EPRICE_MESSAGES.costDetected));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(EPRICE_MESSAGES.costDetected);
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(server.to(`/ctpo/soe/${SOE_ID}`, 'GET')).toHaveLength(0);
  });

  it('shows a refused file with the server message', async () => {
    const { user, dialog } = renderDialog();
    chooseFile(dialog, xlsxFile());
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    server.on('POST', '/ctpo/files', errorReply(400, ZIP_MESSAGES.macros));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ZIP_MESSAGES.macros);
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();
  });
});
