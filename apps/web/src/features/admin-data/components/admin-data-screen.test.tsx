import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, installFetchMock } from '@/test/fetch-mock';
import { readOnlyUser, testUser } from '@/test/fixtures';
import { LIST, renderAdminData, serveAdminData } from '../test/admin-data-fixtures';

const sideList = () => screen.getByRole('navigation', { name: 'Site groups' });

describe('AdminDataScreen', () => {
  it('selects the first site group and shows its header and values', async () => {
    serveAdminData();
    const { router } = renderAdminData();
    expect(await screen.findByRole('heading', { name: 'Austria', level: 2 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ctpo/admin-data/11');
    expect(screen.getByText('Site Group ID: 11 · Country ID: 3 (Austria)')).toBeInTheDocument();
    expect(within(sideList()).getByRole('link', { name: /Austria/ })).toHaveAttribute('aria-current', 'page');
    expect(within(sideList()).getByRole('link', { name: /Belgium/ })).not.toHaveAttribute('aria-current');
    expect(screen.getByLabelText('Package Prep')).toHaveValue('30');
    expect(screen.getByLabelText('Package Prep')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Aug')).toHaveValue('0.6');
    expect(screen.getByLabelText('# of Sites 2')).toHaveValue('4');
    expect(screen.getByLabelText('Days 4')).toHaveValue('');
    expect(screen.getByLabelText('Small 1-2 sites, Medium 3-10, Large 10+')).toBeInTheDocument();
  });

  it('opens the site group of the address and moves to another one from the list', async () => {
    serveAdminData();
    const { router, user } = renderAdminData('/ctpo/admin-data/12');
    expect(await screen.findByRole('heading', { name: 'Belgium', level: 2 })).toBeInTheDocument();
    await user.click(within(sideList()).getByRole('link', { name: /USA - Central/ }));
    expect(await screen.findByRole('heading', { name: 'USA - Central', level: 2 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ctpo/admin-data/40');
  });

  it('filters the list by name', async () => {
    serveAdminData();
    const { user } = renderAdminData();
    await screen.findByRole('heading', { name: 'Austria', level: 2 });
    await user.type(screen.getByLabelText('Search site groups'), 'usa');
    expect(
      within(sideList())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['USA - CentralUnited States']);
    await user.clear(screen.getByLabelText('Search site groups'));
    await user.type(screen.getByLabelText('Search site groups'), 'zz');
    expect(within(sideList()).getByText('No site group matches.')).toBeInTheDocument();
  });

  it.each([
    ['a planner', testUser],
    ['a read-only user', readOnlyUser],
  ])('shows %s the values without Edit or Save', async (_, user) => {
    serveAdminData();
    renderAdminData('/ctpo/admin-data/11', user);
    await screen.findByRole('heading', { name: 'Austria', level: 2 });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeDisabled();
  });

  it("says 'Failed to fetch sitegroup' when the site group cannot be loaded, and retries", async () => {
    const server = serveAdminData().on('GET', '/ctpo/admin/sitegroup/11', errorReply(500));
    const { user } = renderAdminData();
    expect(await screen.findByText('Failed to fetch sitegroup')).toBeInTheDocument();
    expect(screen.getByText('The site group could not be loaded.')).toBeInTheDocument();
    serveAdminData(server);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Austria', level: 2 })).toBeInTheDocument();
  });

  it("says 'Failed to fetch sitegroup' when the list cannot be loaded", async () => {
    installFetchMock().on('GET', '/ctpo/admin/sitegroups', errorReply(503));
    renderAdminData();
    expect(await screen.findByText('Failed to fetch sitegroup')).toBeInTheDocument();
    expect(screen.getByText('The site groups could not be loaded.')).toBeInTheDocument();
  });

  it('shows an empty state without site groups', async () => {
    installFetchMock().on('GET', '/ctpo/admin/sitegroups', []);
    renderAdminData();
    expect(await screen.findByText('No site groups yet.')).toBeInTheDocument();
    expect(screen.getByText('There are no site groups to show.')).toBeInTheDocument();
  });

  it('shows a loading state while the site group loads', async () => {
    serveAdminData().on('GET', '/ctpo/admin/sitegroup/11', () => new Promise(() => {}));
    renderAdminData();
    expect(await screen.findByRole('progressbar', { name: 'Loading site group' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(LIST.length));
  });
});
