import type { AdminSiteGroupSaveInput } from '@predict/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, type FetchMock } from '@/test/fetch-mock';
import { MONTH_LABELS } from '../utils/site-group-form-model';
import { renderAdminData, serveAdminData, siteGroup } from '../test/admin-data-fixtures';

const SAVE = '/ctpo/study/0/AdminDataUpload';
const card = (name: string) => screen.getByRole('region', { name });
const input = (label: string) => screen.getByLabelText(label);

async function startEditing() {
  const view = renderAdminData('/ctpo/admin-data/11');
  await screen.findByRole('heading', { name: 'Austria', level: 2 });
  await view.user.click(screen.getByRole('button', { name: 'Edit' }));
  return view;
}

describe('SiteGroupForm (admin)', () => {
  let server: FetchMock;
  beforeEach(() => {
    server = serveAdminData();
  });

  it('edits, saves the whole site group with its version, says so and returns to the read view', async () => {
    server.on('POST', SAVE, siteGroup(11, { packagePrepDays: 45, version: 4 }));
    const { user } = await startEditing();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.clear(input('Package Prep'));
    await user.type(input('Package Prep'), '45');
    await user.clear(input('Feb'));
    await user.type(input('Feb'), '.5');
    expect(input('Feb')).toHaveValue('0.5');
    await user.click(save);

    expect(await screen.findByText('Site group saved.')).toBeInTheDocument();
    const body = server.to(SAVE)[0]!.body as AdminSiteGroupSaveInput;
    expect(body).toMatchObject({
      siteGroupId: 11,
      version: 3,
      packagePrepDays: 45,
      isRollingSubmission: 1,
      firstSiteIdDays: 20,
      timeSIVDays: 35,
    });
    expect(body.activationProfiles).toHaveLength(11);
    expect(body.activationProfiles.slice(0, 4)).toEqual([
      { siteActivationProfilePct: 1, siteActivationProfileDays: 0 },
      { siteActivationProfilePct: 4, siteActivationProfileDays: 30 },
      { siteActivationProfilePct: 8, siteActivationProfileDays: 90 },
      { siteActivationProfilePct: null, siteActivationProfileDays: null },
    ]);
    expect(body.enrollmentVariations[1]).toEqual({
      enrollmentSeasonalMonth: 1,
      enrollmentSeasonalVariation: 0.5,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument());
    expect(input('Package Prep')).toHaveValue('45');
    expect(input('Package Prep')).toHaveAttribute('readonly');
  });

  it('Cancel restores the values and leaves the read view', async () => {
    const { user } = await startEditing();
    await user.clear(input('Package Prep'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(input('Package Prep')).toHaveValue('30');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('shows the day-count messages under their fields and blocks Save', async () => {
    const { user } = await startEditing();
    const startUp = within(card('Country Start Up Time Frame (days)'));
    await user.clear(startUp.getByLabelText('Long'));
    expect(startUp.getByText("Can't be empty.")).toBeInTheDocument();
    await user.type(startUp.getByLabelText('Long'), '12.5');
    expect(startUp.getByText('Has to be an integer.')).toBeInTheDocument();
    await user.clear(input('Days to FPS'));
    await user.type(input('Days to FPS'), 'x-e+');
    expect(input('Days to FPS')).toHaveValue('');
    await user.type(input('Days to FPS'), '10000');
    expect(screen.getByText('Has to be a value from 0 to 9999.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('rolling submission No forces 0 days to first site ID and locks the field', async () => {
    const { user } = await startEditing();
    const rolling = within(card('Rolling Submission'));
    expect(rolling.getByLabelText('Days to First Site ID')).toHaveValue('20');
    await user.click(rolling.getByRole('radio', { name: 'No' }));
    expect(rolling.getByLabelText('Days to First Site ID')).toHaveValue('0');
    expect(rolling.getByLabelText('Days to First Site ID')).toBeDisabled();
    await user.click(rolling.getByRole('radio', { name: 'Yes' }));
    expect(rolling.getByLabelText('Days to First Site ID')).toBeEnabled();
  });

  it('applies the activation profile rules and completes a half-filled column on leaving it', async () => {
    const { user } = await startEditing();
    const profile = within(card('Site Group Activation Profiles'));
    await user.type(input('# of Sites 4'), '0-.e7');
    expect(input('# of Sites 4')).toHaveValue('7');
    // Moving to the column's own Days cell does not fill it yet; leaving the column does.
    await user.click(input('Days 4'));
    expect(input('Days 4')).toHaveValue('');
    await user.click(input('Package Prep'));
    expect(input('Days 4')).toHaveValue('0');
    expect(profile.getByText('Days should be increasing.')).toBeInTheDocument();

    await user.clear(input('Days 4'));
    await user.type(input('Days 4'), '90');
    expect(profile.getByText('Days should not have duplicates.')).toBeInTheDocument();
    await user.clear(input('# of Sites 4'));
    await user.type(input('# of Sites 4'), '8');
    expect(profile.getByText('Number of sites should not have duplicates.')).toBeInTheDocument();
    await user.clear(input('# of Sites 4'));
    await user.type(input('# of Sites 4'), '5');
    expect(profile.getByText('Number of sites should be increasing.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('applies the seasonal variation rules', async () => {
    const { user } = await startEditing();
    const season = within(card('Site Group Enrollment Seasonal Variations'));
    await user.clear(input('Mar'));
    expect(season.getByText("Can't be empty.")).toBeInTheDocument();
    await user.type(input('Mar'), '1.5');
    expect(season.getByText('Has to be a value from 0 to 1.')).toBeInTheDocument();
    // Typing 0 into all twelve months is slow in jsdom; a change event per month is the same to the form.
    for (const month of MONTH_LABELS) fireEvent.change(input(month), { target: { value: '0' } });
    expect(season.getByText('Cannot all be zero.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("shows the server's field messages and 'Failed to save sitegroup.' when the save is refused", async () => {
    server.on(
      'POST',
      SAVE,
      json(
        {
          error: 'Bad Request',
          message: 'The request is not valid.',
          fields: [{ path: 'body.timeSIVDays', message: 'Has to be a value from 0 to 9999.' }],
        },
        400,
      ),
    );
    const { user } = await startEditing();
    await user.type(input('Days to FSA'), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save sitegroup.')).toBeInTheDocument();
    const fsa = within(card('Time from Site Start-Up Activities Complete to FSA (days)'));
    expect(fsa.getByText('Has to be a value from 0 to 9999.')).toBeInTheDocument();
    await user.type(input('Days to FSA'), '{backspace}');
    expect(fsa.queryByText('Has to be a value from 0 to 9999.')).not.toBeInTheDocument();
  });

  it('explains a stale save and reloads the current version', async () => {
    server.on('POST', SAVE, json({ error: 'Conflict', message: 'changed', currentVersion: 4 }, 409));
    const { user } = await startEditing();
    await user.type(input('Package Prep'), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The site group was changed by someone else. Reload it to see the changes.'),
    ).toBeInTheDocument();
    server.on('GET', '/ctpo/admin/sitegroup/11', siteGroup(11, { packagePrepDays: 50, version: 4 }));
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(input('Package Prep')).toHaveValue('50'));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });
});
