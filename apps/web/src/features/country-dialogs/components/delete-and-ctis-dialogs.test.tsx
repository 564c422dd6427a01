import type { CtisPlanResponse } from '@predict/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { planFixture } from '@/features/plan-shell/test/plan-shell-test-utils';
import { errorReply, installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { countryFixture } from '../test/country-fixtures';
import { CtisSubmissionDialog } from './ctis-submission-dialog';
import { DeleteCountryDialog } from './delete-country-dialog';

const ctisRow = (siteGroupId: number, name: string, iso3: string, date: number) => ({
  studyId: 7,
  studyPlanId: 42,
  siteGroupId,
  siteGroupName: name,
  countryCodeISO3: iso3,
  includeExclude: 'i' as const,
  regSubmissionDateUserProvided: null,
  regSubmissionDate: date,
  useLatestRegSubmissionsDate: false,
  enterNewDate: null,
  resetRegSubmissionDates: false,
});
const CTIS: CtisPlanResponse = {
  rows: [
    ctisRow(21, 'Germany', 'DEU', Date.UTC(2026, 4, 4, 12)),
    ctisRow(22, 'France', 'FRA', Date.UTC(2026, 5, 9, 12)),
  ],
  latestRegSubmissionDate: Date.UTC(2026, 5, 9, 12),
};

describe('DeleteCountryDialog', { timeout: 40_000 }, () => {
  let server: FetchMock;
  beforeEach(() => {
    server = installFetchMock()
      .on('GET', '/ctpo/plan/42', planFixture())
      .on('POST', '/ctpo/study/7/EnrollmentPlanCountryDelete', [{ returnCode: '200', rowVersion: 4 }]);
  });

  const renderDelete = () => {
    const onRemoved = vi.fn();
    const onClose = vi.fn();
    const result = renderScreen(
      <DeleteCountryDialog
        open
        plan={planFixture()}
        country={countryFixture()}
        onClose={onClose}
        onRemoved={onRemoved}
      />,
    );
    return { ...result, onRemoved, onClose };
  };

  it('warns that removal cannot be undone, then removes the country', async () => {
    const { user, onRemoved, onClose } = renderDelete();
    const dialog = screen.getByRole('dialog', { name: 'Remove Country' });
    expect(dialog).toHaveTextContent(
      'This cannot be undone, and any data you changed for this country will be lost.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Country' }));
    expect(await screen.findByText('Successfully removed country.')).toBeInTheDocument();
    expect(onRemoved).toHaveBeenCalled();
    expect(server.to('/ctpo/study/7/EnrollmentPlanCountryDelete')[0]?.body).toEqual({
      studyPlanId: 42,
      siteGroupId: 21,
      rowVersion: 3,
    });
  });

  it("says 'Failed to remove country.' when the server refuses", async () => {
    server.on('POST', '/ctpo/study/7/EnrollmentPlanCountryDelete', errorReply(409));
    const { user, onRemoved } = renderDelete();
    await user.click(screen.getByRole('button', { name: 'Remove Country' }));
    expect(await screen.findByText('Failed to remove country.')).toBeInTheDocument();
    expect(onRemoved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Remove Country' })).toBeEnabled();
  });
});

describe('CtisSubmissionDialog', { timeout: 40_000 }, () => {
  let server: FetchMock;
  beforeEach(() => {
    server = installFetchMock()
      .on('GET', '/ctpo/plan/42', planFixture())
      .on('GET', '/ctpo/ctis/plan/42', CTIS)
      .on('POST', '/ctpo/study/7/CtisSubmission', [{ returnCode: '200', rowVersion: 4 }]);
  });

  const renderCtis = () => {
    const onSaved = vi.fn();
    const result = renderScreen(
      <CtisSubmissionDialog open plan={planFixture()} onClose={vi.fn()} onSaved={onSaved} />,
    );
    return { ...result, onSaved };
  };

  it('lists the eligible groups with their dates and the latest date of the included ones', async () => {
    const { user } = renderCtis();
    expect(await screen.findByText('04-May-2026')).toBeInTheDocument();
    expect(screen.getByText('09-Jun-2026')).toBeInTheDocument();
    expect(
      screen.getByRole('radio', { name: 'Use Latest Submission Date (09-Jun-2026)' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Include France' }));
    expect(
      screen.getByRole('radio', { name: 'Use Latest Submission Date (04-May-2026)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Keep User-Provided Dates' })).toBeChecked();
  });

  it('disables Continue for Enter New Date without a date, then saves and calls onSaved after 1 s', async () => {
    const { user, onSaved } = renderCtis();
    await user.click(await screen.findByRole('switch', { name: 'Include France' }));
    await user.click(screen.getByRole('radio', { name: 'Enter New Date' }));
    const cont = screen.getByRole('button', { name: 'Continue' });
    expect(cont).toBeDisabled();
    await user.type(screen.getByLabelText(/New Submission Date/), '01-Jul-2026');
    expect(cont).toBeEnabled();
    await user.click(cont);
    expect(await screen.findByText('CTIS Submission saved successfully')).toBeInTheDocument();
    expect(server.to('/ctpo/study/7/CtisSubmission')[0]?.body).toEqual({
      studyPlanId: 42,
      rowVersion: 3,
      choice: 'enterNew',
      enterNewDate: Date.UTC(2026, 6, 1, 12),
      rows: [
        { siteGroupId: 21, includeExclude: 'i' },
        { siteGroupId: 22, includeExclude: 'e' },
      ],
    });
    expect(onSaved).not.toHaveBeenCalled();
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 3000 });
  });

  it("says 'CTIS Submission failed' when the save fails", async () => {
    server.on('POST', '/ctpo/study/7/CtisSubmission', errorReply(500));
    const { user, onSaved } = renderCtis();
    await user.click(await screen.findByRole('radio', { name: 'Reset Submission Dates' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('CTIS Submission failed')).toBeInTheDocument();
    expect(server.to('/ctpo/study/7/CtisSubmission')[0]?.body).toMatchObject({
      choice: 'reset',
      enterNewDate: null,
    });
    expect(onSaved).not.toHaveBeenCalled();
  });
});
