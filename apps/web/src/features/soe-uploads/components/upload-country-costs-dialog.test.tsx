import { COUNTRY_COST_MESSAGES as M, SOE_MESSAGES, ZIP_MESSAGES } from '@predict/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { chooseFile, gh, ROUTE, SOE_ID, STUDY_ID, workbookFile, xlsxFile } from '../test/upload-fixtures';
import { UploadCountryCostsDialog } from './upload-country-costs-dialog';

const POST = `/ctpo/study/${STUDY_ID}/SOEUploadCountry`;
const SITE_GROUPS = [
  { siteGroupId: 5, siteGroupName: 'France', countryCodeISO3: 'FRA' },
  { siteGroupId: 6, siteGroupName: 'USA Central', countryCodeISO3: 'USA' },
];

function renderDialog() {
  const onUploaded = vi.fn();
  const onClose = vi.fn();
  const view = renderScreen(
    <UploadCountryCostsDialog
      studyId={STUDY_ID}
      soeId={SOE_ID}
      siteGroups={SITE_GROUPS}
      assessmentNames={['12-Lead ECG', 'Informed Consent']}
      onClose={onClose}
      onUploaded={onUploaded}
    />,
    { route: ROUTE },
  );
  return {
    ...view,
    onUploaded,
    onClose,
    dialog: screen.getByRole('dialog', { name: 'Upload Country Costs' }),
  };
}

/** France by name with a heading row, the USA by code; a README sheet without costs is skipped. */
const goodSheets = () => ({
  README: [['Country costs for the demo SOE']],
  France: [gh('Assessment', 'Cost'), gh('12-Lead ECG', 95.5), gh('informed consent', '1,250.00')],
  USA: [gh('12-Lead ECG', 120)],
});

describe('UploadCountryCostsDialog', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = installFetchMock();
  });

  it('reads every country sheet (G name, H cost), posts the rows and reloads on Close', async () => {
    let body: unknown;
    server.on('POST', POST, (r) => {
      body = r.body;
      return { message: M.uploaded, rows: 3 };
    });
    const { user, dialog, onUploaded } = renderDialog();
    chooseFile(dialog, await workbookFile(goodSheets()));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(M.uploaded)).toBeInTheDocument();
    expect(body).toEqual([
      {
        scheduleOfEventsId: SOE_ID,
        countryName: 'France',
        assessmentName: '12-Lead ECG',
        assessmentCost: 95.5,
        cell: 'France!H2',
      },
      {
        scheduleOfEventsId: SOE_ID,
        countryName: 'France',
        assessmentName: 'Informed Consent',
        assessmentCost: 1250,
        cell: 'France!H3',
      },
      {
        scheduleOfEventsId: SOE_ID,
        countryName: 'USA',
        assessmentName: '12-Lead ECG',
        assessmentCost: 120,
        cell: 'USA!H1',
      },
    ]);
    expect(onUploaded).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('lists every bad row under Errors Found: and sends nothing', async () => {
    const { user, dialog } = renderDialog();
    const sheets = goodSheets();
    sheets.France.push(gh('Unknown Scan', 300), gh('12-Lead ECG', null));
    chooseFile(dialog, await workbookFile({ ...sheets, Narnia: [gh('12-Lead ECG', 10)] }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const list = await within(dialog).findByRole('region', { name: M.errorsFound });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `France!G4: ${SOE_MESSAGES.unknownAssessment}`,
      `France!H5: ${SOE_MESSAGES.cost}`,
      `Narnia: ${M.unknownCountry}`,
    ]);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(M.uploadFailed);
    expect(server.to(POST)).toHaveLength(0);
  });

  it('says no valid data was found when no sheet has a priced row', async () => {
    const { user, dialog } = renderDialog();
    chooseFile(dialog, await workbookFile({ README: [['Nothing here']] }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(M.noValidData);
    expect(alert).toHaveTextContent(M.noValidDataStatus);
    expect(server.to(POST)).toHaveLength(0);
  });

  it('refuses other file types and a damaged file', async () => {
    const { user, dialog } = renderDialog();
    chooseFile(dialog, new File(['a;b'], 'costs.csv'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ZIP_MESSAGES.extension);
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    chooseFile(dialog, xlsxFile('not a zip'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(M.processFailed);
    expect(alert).toHaveTextContent(ZIP_MESSAGES.notXlsx);
  });

  it("shows the server's message and its rows at their cells, or Unknown error occurred", async () => {
    server.on(
      'POST',
      POST,
      json(
        {
          error: 'Bad Request',
          message: 'The country costs were not uploaded.',
          fields: [{ path: 'body.1.assessmentName', message: SOE_MESSAGES.unknownAssessment }],
        },
        400,
      ),
    );
    const { user, dialog } = renderDialog();
    chooseFile(dialog, await workbookFile(goodSheets()));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const list = await within(dialog).findByRole('region', { name: M.errorsFound });
    expect(list).toHaveTextContent(`France!H3: ${SOE_MESSAGES.unknownAssessment}`);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      `${M.uploadFailed}The country costs were not uploaded.`,
    );

    server.on('POST', POST, errorReply(500, ''));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(M.unknownError)).toBeInTheDocument();
  });
});
