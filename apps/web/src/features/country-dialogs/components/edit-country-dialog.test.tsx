import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { planFixture } from '@/features/plan-shell/test/plan-shell-test-utils';
import { errorReply, installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { countryFixture } from '../test/country-fixtures';
import { EditCountryDialog } from './edit-country-dialog';

const durationPlan = () => planFixture({ studyPlanType: 2, studyPlanTypeDetail: 'Duration' });

function renderEdit(plan = planFixture()) {
  const onSaved = vi.fn();
  const result = renderScreen(
    <EditCountryDialog open plan={plan} country={countryFixture()} onClose={vi.fn()} onSaved={onSaved} />,
  );
  return { ...result, onSaved };
}

const dialog = () => screen.getByRole('dialog', { name: 'Edit Country: Germany' });
const save = () => within(dialog()).getByRole('button', { name: 'Save' });
const warning = () => screen.findByRole('dialog', { name: 'Warning!' });
/** The Edit dialog is hidden from the accessibility tree while the warning closes. */
const warningGone = () =>
  waitFor(() => expect(screen.queryByRole('dialog', { name: 'Warning!' })).not.toBeInTheDocument());

describe('EditCountryDialog', { timeout: 40_000 }, () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock()
      .on('GET', '/ctpo/plan/42', planFixture())
      .on('PATCH', '/ctpo/country', [{ returnCode: '200', rowVersion: 4 }]);
  });

  it("saves a changed time frame with 'Save was successful!', Save disabled while nothing changed", async () => {
    const { user, onSaved } = renderEdit();
    expect(within(dialog()).getByRole('textbox', { name: 'Activated Sites' })).toHaveValue('10');
    expect(screen.getByRole('combobox', { name: 'Site ID Effort' })).toHaveTextContent('Medium');
    expect(save()).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Country Start-Up Time Frame' }));
    await user.click(screen.getByRole('option', { name: /^Long - 180 days/ }));
    expect(save()).toBeEnabled();
    await user.click(save());
    expect(await screen.findByText('Save was successful!')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalled();
    expect(server.to('/ctpo/country')[0]?.body).toEqual({
      studyPlanId: 42,
      countryId: 276,
      rowVersion: 3,
      siteGroups: [
        {
          siteGroupId: 21,
          NUM_SITES_ACTIVATED_LOWER: 10,
          NUM_SITES_ACTIVATED_UPPER: null,
          timeSiteIdSize: 'Medium',
          timeCountryStartUpSize: 'Long',
        },
      ],
    });
  });

  it('warns that a changed activated-sites bound resets the activation profiles; Cancel voids the change', async () => {
    const { user } = renderEdit();
    const sites = within(dialog()).getByRole('textbox', { name: 'Activated Sites' });
    await user.clear(sites);
    await user.type(sites, '12');
    fireEvent.blur(sites);
    const ask = await warning();
    expect(ask).toHaveTextContent('resets the activation profiles of DEU to their defaults');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(sites).toHaveValue('10'));
    await warningGone();
    expect(screen.getByRole('combobox', { name: 'Site ID Effort' })).toHaveTextContent('Medium');
    expect(save()).toBeDisabled();

    await user.clear(sites);
    await user.type(sites, '12');
    fireEvent.blur(sites);
    await user.click(within(await warning()).getByRole('button', { name: 'OK' }));
    await warningGone();
    expect(sites).toHaveValue('12');
    expect(screen.getByRole('combobox', { name: 'Site ID Effort' })).toHaveTextContent('Large');
    await user.click(save());
    expect(await screen.findByText('Save was successful!')).toBeInTheDocument();
    expect(server.to('/ctpo/country')[0]?.body).toMatchObject({
      siteGroups: [{ NUM_SITES_ACTIVATED_LOWER: 12, timeSiteIdSize: 'Large' }],
    });
  });

  it('asks before an unconfirmed bound is saved when Save is pressed straight away', async () => {
    const { user } = renderEdit();
    const sites = within(dialog()).getByRole('textbox', { name: 'Activated Sites' });
    await user.clear(sites);
    await user.type(sites, '3');
    await user.click(save());
    await user.click(within(await warning()).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Save was successful!')).toBeInTheDocument();
    expect(server.to('/ctpo/country')).toHaveLength(1);
  });

  it('leaving the bound for Save asks once, from Save, so one click saves', async () => {
    const { user } = renderEdit();
    const sites = within(dialog()).getByRole('textbox', { name: 'Activated Sites' });
    await user.clear(sites);
    await user.type(sites, '3');
    // A real mouse moves the focus to Save before the click: that blur must not open the warning.
    fireEvent.blur(sites, { relatedTarget: save() });
    expect(screen.queryByRole('dialog', { name: 'Warning!' })).not.toBeInTheDocument();
    await user.click(save());
    await user.click(within(await warning()).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Save was successful!')).toBeInTheDocument();
    expect(server.to('/ctpo/country')).toHaveLength(1);
  });

  it('needs the upper bound in scenario B and confirms a changed one, which can be reverted', async () => {
    const { user } = renderEdit(durationPlan());
    const upper = within(dialog()).getByRole('textbox', { name: 'Activated Sites (Upper Bound)' });
    expect(upper).toHaveValue('12');
    await user.clear(upper);
    expect(save()).toBeDisabled();
    await user.type(upper, '15');
    fireEvent.blur(upper);
    const ask = await warning();
    expect(ask).toHaveTextContent('Change the upper bound of activated sites of DEU from 12 to 15?');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(upper).toHaveValue('12'));
    await warningGone();
    expect(save()).toBeDisabled();
  });

  it("reports 'Not all saves were successful.' for a refused row or a failed call", async () => {
    server.on('PATCH', '/ctpo/country', [{ returnCode: '500', rowVersion: 3 }]);
    const { user, onSaved } = renderEdit();
    await user.click(screen.getByRole('combobox', { name: 'Site ID Effort' }));
    await user.click(screen.getByRole('option', { name: /^Small/ }));
    await user.click(save());
    expect(await screen.findByText('Not all saves were successful.')).toBeInTheDocument();
    server.on('PATCH', '/ctpo/country', errorReply(500));
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(screen.getAllByText('Not all saves were successful.')).toHaveLength(2));
    expect(onSaved).not.toHaveBeenCalled();
  });
});
