import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { planFixture } from '@/features/plan-shell/test/plan-shell-test-utils';
import { errorReply, installFetchMock, json, type FetchMock } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { COUNTRY_OPTIONS, countryFixture, SITE_GROUP_OPTIONS } from '../test/country-fixtures';
import { AddCountryDialog } from './add-country-dialog';

const added = [{ returnCode: '200', tabIndex: 1, studyPlanSiteGroupId: 777, countryId: 840, rowVersion: 4 }];

function renderAdd(plan = planFixture()) {
  const onAdded = vi.fn();
  const onClose = vi.fn();
  const result = renderScreen(<AddCountryDialog open plan={plan} onClose={onClose} onAdded={onAdded} />);
  return { ...result, onAdded, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: 'Add Country' });
const save = () => within(dialog()).getByRole('button', { name: 'Save' });

async function chooseOption(
  user: ReturnType<typeof renderAdd>['user'],
  label: string,
  option: string | RegExp,
) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('AddCountryDialog', { timeout: 40_000 }, () => {
  let server: FetchMock;

  beforeEach(() => {
    server = installFetchMock()
      .on('GET', '/ctpo/sitegroups', SITE_GROUP_OPTIONS)
      .on('GET', '/ctpo/countries', COUNTRY_OPTIONS)
      .on('GET', '/ctpo/plan/42', planFixture())
      .on('POST', '/ctpo/study/7/EnrollmentPlanCountryAdd', added);
  });

  it('picks a group of a country with several, shows start-up days with months and derives the effort (A)', async () => {
    const { user, onAdded } = renderAdd();
    await chooseOption(user, 'Country', 'United States (USA)');
    expect(save()).toBeDisabled();
    await chooseOption(user, 'Site Group', 'USA Local');
    // Scenario A: no upper bound.
    expect(within(dialog()).queryByLabelText(/Upper Bound/)).not.toBeInTheDocument();
    const sites = within(dialog()).getByRole('textbox', { name: 'Activated Sites' });
    await user.type(sites, '2');
    expect(screen.getByRole('combobox', { name: 'Site ID Effort' })).toHaveTextContent('Small');
    await user.clear(sites);
    await user.type(sites, '10');
    expect(screen.getByRole('combobox', { name: 'Site ID Effort' })).toHaveTextContent('Medium');
    await user.clear(sites);
    await user.type(sites, '11');
    expect(screen.getByRole('combobox', { name: 'Site ID Effort' })).toHaveTextContent('Large');
    expect(save()).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Country Start-Up Time Frame' }));
    expect(screen.getByRole('option', { name: 'Super Short - 60 days (1.97 months)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Long - 180 days (5.92 months)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /^Medium - 150 days/ }));
    expect(save()).toBeEnabled();

    await user.click(save());
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith({ tabIndex: 1, studyPlanSiteGroupId: 777 }));
    expect(server.to('/ctpo/study/7/EnrollmentPlanCountryAdd')[0]?.body).toEqual({
      studyPlanId: 42,
      siteGroupId: 32,
      NUM_SITES_ACTIVATED_LOWER: 11,
      NUM_SITES_ACTIVATED_UPPER: null,
      siteIdEffort: 'Large',
      countryStartUpTimeFrame: 'Medium',
      rowVersion: 3,
    });
  });

  it('explains the effort sizes in a tooltip and accepts only whole numbers', async () => {
    const { user } = renderAdd();
    expect(await screen.findByLabelText('Small 1-2 sites, Medium 3-10, Large 10+')).toBeInTheDocument();
    const sites = within(dialog()).getByRole('textbox', { name: 'Activated Sites' });
    await user.type(sites, '-1.5e');
    expect(sites).toHaveValue('15');
  });

  it('needs both bounds in scenario B and derives the effort from the upper one', async () => {
    const { user, onAdded } = renderAdd(planFixture({ studyPlanType: 2, studyPlanTypeDetail: 'Duration' }));
    await chooseOption(user, 'Country', 'Germany (DEU)');
    // One site group: chosen with the country.
    expect(within(dialog()).queryByRole('combobox', { name: 'Site Group' })).not.toBeInTheDocument();
    await user.type(within(dialog()).getByRole('textbox', { name: 'Activated Sites (Lower Bound)' }), '2');
    await chooseOption(user, 'Country Start-Up Time Frame', /^Short - 120 days \(3\.94 months\)/);
    // The effort waits for the upper bound it derives from.
    expect(screen.getByRole('combobox', { name: 'Site ID Effort' })).not.toHaveTextContent(
      /Small|Medium|Large/,
    );
    expect(save()).toBeDisabled();
    const upper = within(dialog()).getByRole('textbox', { name: 'Activated Sites (Upper Bound)' });
    await user.type(upper, '1');
    expect(await screen.findByText("Upper bound can't be less than the lower bound.")).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.clear(upper);
    await user.type(upper, '12');
    expect(screen.getByRole('combobox', { name: 'Site ID Effort' })).toHaveTextContent('Large');
    await user.click(save());
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(server.to('/ctpo/study/7/EnrollmentPlanCountryAdd')[0]?.body).toMatchObject({
      siteGroupId: 21,
      NUM_SITES_ACTIVATED_LOWER: 2,
      NUM_SITES_ACTIVATED_UPPER: 12,
      siteIdEffort: 'Large',
      countryStartUpTimeFrame: 'Short',
    });
  });

  async function fillGermany(user: ReturnType<typeof renderAdd>['user']) {
    await chooseOption(user, 'Country', 'Germany (DEU)');
    await user.type(within(dialog()).getByRole('textbox', { name: 'Activated Sites' }), '4');
    await chooseOption(user, 'Country Start-Up Time Frame', /^Long/);
  }

  it("refuses a site group the plan already has with 'Country already added.'", async () => {
    const { user, onAdded } = renderAdd(planFixture({ countries: [countryFixture()] }));
    await fillGermany(user);
    await user.click(save());
    expect(await screen.findByText('Country already added.')).toBeInTheDocument();
    expect(server.to('/ctpo/study/7/EnrollmentPlanCountryAdd')).toHaveLength(0);
    expect(onAdded).not.toHaveBeenCalled();
  });

  it("shows the server's 'Country already added.' and nothing for other failures", async () => {
    server.on(
      'POST',
      '/ctpo/study/7/EnrollmentPlanCountryAdd',
      json({ error: 'Conflict', message: 'Country already added.' }, 409),
    );
    const { user, onAdded } = renderAdd();
    await fillGermany(user);
    await user.click(save());
    expect(await screen.findByText('Country already added.')).toBeInTheDocument();

    server.on('POST', '/ctpo/study/7/EnrollmentPlanCountryAdd', errorReply(500, 'Boom.'));
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(server.to('/ctpo/study/7/EnrollmentPlanCountryAdd')).toHaveLength(2));
    // Loading is cleared, no message (spec/1 section 8).
    await waitFor(() => expect(save()).toBeEnabled());
    expect(screen.queryByText('Boom.')).not.toBeInTheDocument();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('reads the site groups again at every opening: an admin may have changed their days meanwhile', async () => {
    function Reopenable() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open</button>
          <AddCountryDialog
            open={open}
            plan={planFixture()}
            onClose={() => setOpen(false)}
            onAdded={vi.fn()}
          />
        </>
      );
    }
    const { user } = renderScreen(<Reopenable />);
    await chooseOption(user, 'Country', 'United States (USA)');
    await chooseOption(user, 'Site Group', 'USA Local');
    await user.click(screen.getByRole('combobox', { name: 'Country Start-Up Time Frame' }));
    expect(await screen.findByRole('option', { name: /^Medium - 150 days/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    server.on(
      'GET',
      '/ctpo/sitegroups',
      SITE_GROUP_OPTIONS.map((g) => ({ ...g, timeCountryStartUpMediumDays: 190 })),
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await chooseOption(user, 'Country', 'United States (USA)');
    await chooseOption(user, 'Site Group', 'USA Local');
    await user.click(screen.getByRole('combobox', { name: 'Country Start-Up Time Frame' }));
    expect(await screen.findByRole('option', { name: /^Medium - 190 days/ })).toBeInTheDocument();
    expect(server.to('/ctpo/sitegroups')).toHaveLength(2);
  });
});
