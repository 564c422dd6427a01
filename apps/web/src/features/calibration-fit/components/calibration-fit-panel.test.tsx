import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CALIBRATION_FITS_PATH,
  CALIBRATION_VERSIONS_PATH,
  calibrationApproveUrl,
  calibrationFitUrl,
  type CurrentUser,
} from '@predict/shared';
import { errorReply, installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { readOnlyUser, testUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { fitStatus, version, versionList } from '../test/calibration-fit-fixtures';
import { CalibrationFitPanel, NO_VERSIONS_MESSAGE } from './calibration-fit-panel';
import { approveLabel, FIT_BUTTON } from './fit-controls';

const adminUser: CurrentUser = { ...testUser, roles: { readOnly: false, admin: true } };
const render = (user: CurrentUser) => renderScreen(<CalibrationFitPanel />, { user });

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('CalibrationFitPanel', () => {
  let server: FetchMock;
  let versions: unknown;

  beforeEach(() => {
    versions = versionList([version(2, 'fitted', 0.1, 1), version(1, 'approved', -0.05)]);
    server = installFetchMock().on('GET', CALIBRATION_VERSIONS_PATH, () => versions);
  });

  it('shows the current settings against the newest fit, with SEs and the cross-validated coverage', async () => {
    render(readOnlyUser);
    const table = await screen.findByRole('table', { name: 'Current and fitted settings' });
    expect(within(table).getByText('Current (Calibration version 1)')).toBeInTheDocument();
    expect(within(table).getByText('Fitted (version 2)')).toBeInTheDocument();
    // The study CV runs at its predictive value 0.30 over the estimate 0.24 (sqrt(0.30^2 - 0.18^2)).
    expect(rowsOf('Current and fitted settings')[0]).toEqual([
      'Study rate CV',
      '0.15',
      '0.30',
      '0.24',
      '0.18',
    ]);
    expect(rowsOf('Current and fitted settings')[5]).toEqual([
      'Site decay (per year)',
      '-0.05',
      '0.10',
      '0.10',
      '—',
    ]);
    expect(rowsOf('Cross-validated coverage')).toEqual([
      ['Current (Calibration version 1)', '63% (35%-85%, n = 8)', '88% (60%-97%, n = 8)'],
      ['Fitted (version 2)', '75% (45%-92%, n = 8)', '50% (24%-76%, n = 8)'],
    ]);
    // A viewer reads, but neither fits nor approves.
    expect(screen.queryByRole('button', { name: FIT_BUTTON })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: approveLabel(2) })).not.toBeInTheDocument();
  });

  it('keeps older versions readable', async () => {
    const { user } = render(readOnlyUser);
    await user.click(await screen.findByRole('button', { name: 'View version 1' }));
    expect(screen.getByText('Fitted (version 1)', { selector: 'th' })).toBeInTheDocument();
    expect(rowsOf('Calibration versions').map((r) => r.slice(0, 3))).toEqual([
      ['2', 'Fitted', '12'],
      ['1', 'Approved', '12'],
    ]);
  });

  it('says so when there is no version yet, and offers a retry when the versions fail to load', async () => {
    versions = versionList([]);
    render(readOnlyUser);
    expect(await screen.findByText(NO_VERSIONS_MESSAGE)).toBeInTheDocument();
    server.on('GET', CALIBRATION_VERSIONS_PATH, () => errorReply(500, 'Database down.'));
    render(readOnlyUser);
    expect(await screen.findByText(/could not be loaded: Database down\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('approves a fitted version after the confirmation, and only then', async () => {
    server.on('POST', calibrationApproveUrl(2), () => version(2, 'approved', 0.1, 1));
    const { user } = render(adminUser);
    await user.click(await screen.findByRole('button', { name: approveLabel(2) }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.to(calibrationApproveUrl(2), 'POST')).toHaveLength(0);
    // The closing dialog hides the page from the accessibility tree until it has gone.
    await user.click(await screen.findByRole('button', { name: approveLabel(2) }));
    versions = versionList([version(2, 'approved', 0.1, 1), version(1, 'superseded', -0.05)]);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.to(calibrationApproveUrl(2), 'POST')).toHaveLength(1));
    // The versions are read again: version 2 is approved, so there is nothing left to approve.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: approveLabel(2) })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Current (Calibration version 2)', { selector: 'th' })).toBeInTheDocument();
  });

  it('starts a fit, shows its progress while it runs, and the new version when it is done', async () => {
    versions = versionList([version(1, 'approved', -0.05)]);
    let polls = 0;
    server
      .on('POST', CALIBRATION_FITS_PATH, () => json(fitStatus('queued', 0, 'Queued'), 202))
      .on('GET', calibrationFitUrl(5), () => {
        polls += 1;
        if (polls === 1) return fitStatus('running', 0.6, 'Cross-validating 1 of 2');
        versions = versionList([version(2, 'fitted', 0.1, 1), version(1, 'approved', -0.05)]);
        return fitStatus('done', 1, 'Done', { version: version(2, 'fitted', 0.1, 1) });
      });
    const { user } = render(adminUser);
    await user.click(await screen.findByRole('button', { name: FIT_BUTTON }));
    expect(await screen.findByText('Cross-validating 1 of 2 (60%)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Fit progress' })).toHaveAttribute('aria-valuenow', '60');
    expect(screen.getByRole('button', { name: FIT_BUTTON })).toBeDisabled();
    expect(
      await screen.findByText('Fitted version 2 from 12 completed studies.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: approveLabel(2) })).toBeInTheDocument();
  });

  it("shows the server's refusal of a fit (too few completed studies)", async () => {
    const message = 'A portfolio fit needs at least 8 completed studies; 3 given (5 more needed).';
    server.on('POST', CALIBRATION_FITS_PATH, () => errorReply(400, message));
    const { user } = render(adminUser);
    await user.click(await screen.findByRole('button', { name: FIT_BUTTON }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
