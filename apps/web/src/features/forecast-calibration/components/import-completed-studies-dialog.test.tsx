import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  CALIBRATION_VERSIONS_PATH,
  COMPLETED_IMPORT_MESSAGES,
  COMPLETED_STUDIES_UPLOAD_PATH,
  COMPLETED_ZIP_LIMITS,
  FORECAST_CALIBRATION_PATH,
  type CompletedStudiesImportResponse,
  type CurrentUser,
} from '@predict/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ForecastCalibrationRoute } from '@/app/routes/forecast-calibration';
import { installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser, testUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { ZIP_TOO_LARGE_MESSAGE } from '../hooks/use-completed-studies-import';
import { calibrationResponse, emptyResponse } from '../test/calibration-fixtures';
import {
  IMPORT_COMPLETED_STUDIES_LABEL,
  IMPORT_PROGRESS_TEXT,
  RESULTS_TABLE_LABEL,
} from './import-completed-studies-dialog';

vi.mock('echarts-for-react/esm/core', () => import('@/test/fake-echarts'));

const ROUTE = '/ctpo/admin-data/forecast-calibration';
const adminUser: CurrentUser = { ...testUser, roles: { readOnly: false, admin: true } };
const render = (user: CurrentUser) =>
  renderScreen(<ForecastCalibrationRoute />, { route: ROUTE, path: ROUTE, user });

const defaults = {
  studyRateCv: 0.2,
  countryRateCv: 0.6,
  siteRateCv: 0.8,
  startupCv: 0.25,
  siteInactivationPerYear: 0.2,
  siteDecayPerYear: 0,
};

const zip = (name = 'history.zip') => new File(['PK\u0003\u0004zip'], name, { type: 'application/zip' });

const answer: CompletedStudiesImportResponse = {
  message: COMPLETED_IMPORT_MESSAGES.done(1, 1),
  loaded: 1,
  refused: 1,
  results: [
    {
      projectId: '2019-ONC-0412',
      studyName: 'ALDER-01',
      status: 'loaded',
      studyId: 41,
      studyPlanId: 77,
      simRunId: 5,
      extractId: 9,
      reasons: [],
    },
    {
      projectId: '2020-CNS-0107',
      studyName: 'BIRCH-02',
      status: 'refused',
      studyId: null,
      studyPlanId: null,
      simRunId: null,
      extractId: null,
      reasons: [{ path: 'BIRCH-02/ctms.xlsx Sites!C4', message: COMPLETED_IMPORT_MESSAGES.noActivation }],
    },
  ],
};

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: IMPORT_COMPLETED_STUDIES_LABEL }));
  return screen.findByRole('dialog', { name: IMPORT_COMPLETED_STUDIES_LABEL });
}

const choose = (dialog: HTMLElement, file: File) =>
  fireEvent.change(within(dialog).getByTestId('completed-studies-file-input'), { target: { files: [file] } });

describe('Import completed studies', () => {
  let server: FetchMock;
  let trackRecord: unknown;

  beforeEach(() => {
    trackRecord = emptyResponse();
    server = installFetchMock()
      .on('GET', FORECAST_CALIBRATION_PATH, () => trackRecord)
      .on('GET', CALIBRATION_VERSIONS_PATH, () => ({ versions: [], approvedVersion: null, defaults }));
  });

  it('is offered to administrators only', async () => {
    for (const user of [testUser, readOnlyUser]) {
      const view = render(user);
      expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
      await waitFor(() => expect(server.to(FORECAST_CALIBRATION_PATH)).not.toHaveLength(0));
      expect(screen.queryByRole('button', { name: IMPORT_COMPLETED_STUDIES_LABEL })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('uploads the chosen zip with progress, cannot close meanwhile, lists each study and refreshes the page', async () => {
    let reply: (value: Response) => void = () => undefined;
    server.on(
      'POST',
      COMPLETED_STUDIES_UPLOAD_PATH,
      () => new Promise<Response>((resolve) => (reply = resolve)),
    );
    render(adminUser);
    const dialog = await openDialog();
    choose(dialog, zip());
    expect(within(dialog).getByText('history.zip')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByText(IMPORT_PROGRESS_TEXT)).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: IMPORT_COMPLETED_STUDIES_LABEL })).toBeInTheDocument();

    await waitFor(() => expect(server.to(COMPLETED_STUDIES_UPLOAD_PATH, 'POST')).toHaveLength(1));
    expect(server.to(COMPLETED_STUDIES_UPLOAD_PATH)[0]!.body).toEqual({
      fileName: 'history.zip',
      fileBase64: btoa('PK\u0003\u0004zip'),
    });
    const readsBefore = server.to(FORECAST_CALIBRATION_PATH).length;
    trackRecord = calibrationResponse();
    reply(json(answer));

    expect(await within(dialog).findByText('1 study loaded, 1 refused.')).toBeInTheDocument();
    expect(within(dialog).queryByText(IMPORT_PROGRESS_TEXT)).not.toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table', { name: RESULTS_TABLE_LABEL })).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      '2019-ONC-0412ALDER-01Loaded',
      '2020-CNS-0107BIRCH-02Refused',
      `BIRCH-02/ctms.xlsx Sites!C4${COMPLETED_IMPORT_MESSAGES.noActivation}`,
    ]);
    const reasons = within(dialog).getByRole('list', { name: 'Why 2020-CNS-0107 was refused' });
    expect(within(reasons).getAllByRole('listitem')).toHaveLength(1);

    // The track record is read again: behind the dialog, the page now shows the completed studies.
    await waitFor(() => expect(server.to(FORECAST_CALIBRATION_PATH).length).toBeGreaterThan(readsBefore));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('table', { name: 'Completed studies' })).toBeInTheDocument();
  });

  it('refuses a non-zip and an oversized zip without a request, and shows a refused upload', async () => {
    server.on('POST', COMPLETED_STUDIES_UPLOAD_PATH, () =>
      json(
        {
          error: 'Bad Request',
          message: COMPLETED_IMPORT_MESSAGES.noManifest,
          fields: [{ path: 'fileBase64', message: COMPLETED_IMPORT_MESSAGES.noManifest }],
        },
        400,
      ),
    );
    render(adminUser);
    const dialog = await openDialog();
    const importButton = within(dialog).getByRole('button', { name: 'Import' });

    choose(dialog, zip('history.xlsx'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(COMPLETED_IMPORT_MESSAGES.extension);
    expect(importButton).toBeDisabled();

    const big = zip();
    Object.defineProperty(big, 'size', { value: COMPLETED_ZIP_LIMITS.maxBytes + 1 });
    choose(dialog, big);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ZIP_TOO_LARGE_MESSAGE);
    expect(importButton).toBeDisabled();
    expect(server.to(COMPLETED_STUDIES_UPLOAD_PATH)).toHaveLength(0);

    choose(dialog, zip());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(importButton);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(COMPLETED_IMPORT_MESSAGES.noManifest);
    expect(
      within(alert).getByText(`fileBase64: ${COMPLETED_IMPORT_MESSAGES.noManifest}`),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('table', { name: RESULTS_TABLE_LABEL })).not.toBeInTheDocument();
  });
});
