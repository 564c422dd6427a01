import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAdminData, serveAdminData } from '../test/admin-data-fixtures';
import { leaveSiteGroupMessage } from './site-group-form';

const sideList = () => screen.getByRole('navigation', { name: 'Site groups' });
const leaveDialog = () => screen.findByRole('dialog', { name: 'Warning!' });

/** Dispatches the browser's beforeunload and answers whether the page asked to stay. */
function unloadIsHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

async function editPackagePrep() {
  const view = renderAdminData('/ctpo/admin-data/11');
  await screen.findByRole('heading', { name: 'Austria', level: 2 });
  await view.user.click(screen.getByRole('button', { name: 'Edit' }));
  fireEvent.change(screen.getByLabelText('Package Prep'), { target: { value: '45' } });
  return view;
}

describe('Admin Data with unsaved edits', () => {
  beforeEach(() => {
    serveAdminData();
  });

  it('asks before moving to another site group: Stay keeps the edits, Leave goes', async () => {
    const { user, router } = await editPackagePrep();
    await user.click(within(sideList()).getByRole('link', { name: /Belgium/ }));
    const dialog = await leaveDialog();
    expect(dialog).toHaveTextContent(leaveSiteGroupMessage('Austria'));

    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/ctpo/admin-data/11');
    expect(screen.getByLabelText('Package Prep')).toHaveValue('45');

    await user.click(within(sideList()).getByRole('link', { name: /Belgium/ }));
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Belgium', level: 2 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ctpo/admin-data/12');
  });

  it('lets the browser ask before closing the tab, only while edits are unsaved', async () => {
    const { user } = await editPackagePrep();
    expect(unloadIsHeld()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(unloadIsHeld()).toBe(false);
  });

  it('moves without asking when nothing was changed', async () => {
    const { user, router } = renderAdminData('/ctpo/admin-data/11');
    await screen.findByRole('heading', { name: 'Austria', level: 2 });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(within(sideList()).getByRole('link', { name: /Belgium/ }));
    expect(await screen.findByRole('heading', { name: 'Belgium', level: 2 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ctpo/admin-data/12');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
