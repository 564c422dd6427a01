import {
  CTMS_EXTRACT_REFUSED_MESSAGE,
  NO_BASELINE_PLAN_MESSAGE,
  type ActualsResponse,
} from '@predict/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser, testUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { actualsResponse, actualsRows, hoursAgo } from '../test/actuals-fixtures';
import { StudyActualsPanel } from './study-actuals-panel';

function renderPanel(user = testUser) {
  return renderScreen(<StudyActualsPanel studyId={7} projectId="P-007" />, {
    route: '/ctpo/study-actuals/7',
    path: '/ctpo/study-actuals/:studyId',
    user,
  });
}

const cellsOf = (name: string) => {
  const header = screen.getByRole('rowheader', { name: new RegExp(`^${name}`) });
  return within(header.closest('tr')!).getAllByRole('cell');
};

describe('Study Actuals panel', () => {
  let server: FetchMock;
  let answer: ActualsResponse;

  beforeEach(() => {
    answer = actualsResponse();
    server = installFetchMock()
      .on('GET', '/ctpo/actuals/study/7', () => answer)
      .on('GET', '/ctpo/loadactuals/study/7', () => answer);
  });

  it('shows each row with spaces for underscores, formatted values, the placeholder and the impact colours', async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Study Actuals' });
    const labels = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(labels).toEqual([
      'Enrollment Start',
      'Sites Activated',
      'Patients Screened',
      'Patients Enrolled',
      'Screen Fail Rate',
      'Enrollment Rate',
      'Last Patient Enrolled',
    ]);
    expect(cellsOf('Enrollment Start').map((c) => c.textContent)).toEqual([
      '05/Mar/2026',
      '19/Mar/2026',
      '+14 days (on track)',
    ]);
    expect(cellsOf('Patients Screened').map((c) => c.textContent)).toEqual([
      '1,200',
      '1,250',
      '+4.2% (on track)',
    ]);
    expect(cellsOf('Screen Fail Rate').map((c) => c.textContent)).toEqual([
      '30.00%',
      '32.50%',
      '+2.50 pts (at risk)',
    ]);
    expect(
      cellsOf('Enrollment Rate')
        .slice(0, 2)
        .map((c) => c.textContent),
    ).toEqual(['0.50', '0.46']);
    // A missing date shows the placeholder; a row without a status has no colour.
    expect(cellsOf('Last Patient Enrolled').map((c) => c.textContent)).toEqual([
      '10/Jan/2027',
      'DD/MMM/YYYY',
      '',
    ]);
    const status = (name: string) =>
      cellsOf(name)[2]!.querySelector('[data-status]')?.getAttribute('data-status');
    expect(status('Sites Activated')).toBe('amber');
    expect(status('Patients Enrolled')).toBe('red');
    expect(status('Patients Screened')).toBe('green');
  });

  it('shows a tooltip icon on rows with tooltip text except Enrollment_Start', async () => {
    renderPanel();
    await screen.findByRole('table', { name: 'Study Actuals' });
    const icons = screen.getAllByRole('button', { name: /^About / }).map((b) => b.getAttribute('aria-label'));
    expect(icons).toEqual(['About Sites Activated', 'About Last Patient Enrolled']);
  });

  it('enables REMODEL and VIEW SITE LIST only when the first row is at least 24 hours old', async () => {
    answer = actualsResponse({ rows: actualsRows(hoursAgo(23.9)) });
    const view = renderPanel();
    await screen.findByRole('table', { name: 'Study Actuals' });
    expect(screen.getByRole('link', { name: 'REMODEL' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'VIEW SITE LIST' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'IMPORT ACTUALS' })).toBeEnabled();
    view.unmount();

    answer = actualsResponse({ rows: actualsRows(hoursAgo(24.1)) });
    renderPanel();
    await screen.findByRole('table', { name: 'Study Actuals' });
    expect(screen.getByRole('link', { name: 'REMODEL' })).toHaveAttribute(
      'href',
      '/ctpo/study-actuals/7/remodel',
    );
    expect(screen.getByRole('link', { name: 'REMODEL' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'VIEW SITE LIST' })).toBeEnabled();
  });

  it('keeps the gate closed for an invalid timestamp', async () => {
    answer = actualsResponse({ rows: actualsRows('not a time') });
    renderPanel();
    await screen.findByRole('table', { name: 'Study Actuals' });
    expect(screen.getByRole('button', { name: 'VIEW SITE LIST' })).toBeDisabled();
  });

  it('hides REMODEL from read-only users and disables IMPORT ACTUALS', async () => {
    renderPanel(readOnlyUser);
    await screen.findByRole('table', { name: 'Study Actuals' });
    expect(screen.queryByRole('link', { name: 'REMODEL' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'VIEW SITE LIST' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'IMPORT ACTUALS' })).toBeDisabled();
  });

  it("shows the spec's message and no toolbar without a Baseline Plan", async () => {
    answer = actualsResponse({ state: 'noBaselinePlan', baselinePlan: null, extract: null, rows: [] });
    renderPanel();
    expect(await screen.findByText(NO_BASELINE_PLAN_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'VIEW SITE LIST' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('tells an editor how to load the first extract and uploads it, listing the errors of a refused file', async () => {
    answer = actualsResponse({ state: 'noExtract', extract: null, rows: [] });
    let uploads = 0;
    server.on('POST', '/ctpo/study/7/CtmsExtract/upload', () => {
      uploads += 1;
      if (uploads === 1)
        return json(
          {
            error: 'Bad Request',
            message: CTMS_EXTRACT_REFUSED_MESSAGE,
            fields: [
              { path: 'Sites!C4', message: 'Not a known country (ISO 3166 alpha-3 code).' },
              { path: 'Site Months!D7', message: 'Has to be a whole number of 0 or more.' },
            ],
          },
          400,
        );
      answer = actualsResponse();
      return json({ message: 'CTMS extract loaded.', extract: actualsResponse().extract }, 201);
    });
    const { user } = renderPanel();
    expect(await screen.findByText(/No CTMS extract has been loaded for this study yet/)).toHaveTextContent(
      'POST /ctpo/study/7/CtmsExtract',
    );
    await user.click(screen.getByRole('button', { name: 'IMPORT ACTUALS' }));
    const dialog = screen.getByRole('dialog', { name: 'Import Actuals' });
    // Opened from the message, the dialog does not recompute first.
    expect(server.to('/ctpo/loadactuals')).toHaveLength(0);
    const file = new File(['xlsx bytes'], 'extract.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(within(dialog).getByLabelText('CTMS extract file'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const errors = await within(dialog).findByRole('region', { name: 'Errors Found' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Sites!C4 Not a known country (ISO 3166 alpha-3 code).',
      'Site Months!D7 Has to be a whole number of 0 or more.',
    ]);
    expect(server.to('/ctpo/study/7/CtmsExtract/upload')[0]!.body).toEqual({
      fileName: 'extract.xlsx',
      fileBase64: btoa('xlsx bytes'),
    });

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(/was uploaded and the actuals recomputed/)).toBeInTheDocument();
    expect(server.to('/ctpo/loadactuals/study/7')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('table', { name: 'Study Actuals' })).toBeInTheDocument();
  });

  it('refuses a file that is not .xlsx before sending it', async () => {
    answer = actualsResponse({ state: 'noExtract', extract: null, rows: [] });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'IMPORT ACTUALS' }));
    const dialog = screen.getByRole('dialog', { name: 'Import Actuals' });
    // The picker only offers .xlsx; a file dropped past that filter is still refused.
    fireEvent.change(within(dialog).getByLabelText('CTMS extract file'), {
      target: { files: [new File(['a'], 'extract.csv')] },
    });
    expect(within(dialog).getByText('Only .xlsx files are accepted.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('IMPORT ACTUALS recomputes the rows and offers the upload', async () => {
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'IMPORT ACTUALS' }));
    const dialog = screen.getByRole('dialog', { name: 'Import Actuals' });
    expect(
      await within(dialog).findByText('The actuals were recomputed from the latest CTMS extract.'),
    ).toBeInTheDocument();
    expect(server.to('/ctpo/loadactuals/study/7')).toHaveLength(1);
    expect(within(dialog).getByRole('link', { name: 'CTMS extract template' })).toHaveAttribute(
      'href',
      '/templates/ctms-extract-template.xlsx',
    );
    await waitFor(() => expect(server.to('/ctpo/actuals/study/7').length).toBeGreaterThan(1));
  });
});
