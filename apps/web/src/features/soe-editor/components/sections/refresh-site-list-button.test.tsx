import { SOE_MESSAGES } from '@predict/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RefreshSiteListButton } from './index';

/** A refresh the test finishes by hand, so the busy state can be seen. */
function deferred() {
  let resolve!: (v: { message: string }) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<{ message: string }>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const button = () => screen.getByRole('button', { name: 'Refresh Site List' });

describe('RefreshSiteListButton', () => {
  it('is busy while refreshing, then says the list was refreshed', async () => {
    const user = userEvent.setup();
    const call = deferred();
    const onRefresh = vi.fn(() => call.promise);
    render(<RefreshSiteListButton onRefresh={onRefresh} />);
    expect(button()).toHaveAccessibleDescription(/Fully Executed contract in the activity module/);
    await user.click(button());
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(button()).toBeDisabled();
    expect(button()).toHaveAttribute('aria-busy', 'true');
    call.resolve({ message: SOE_MESSAGES.siteListRefreshed });
    expect(await screen.findByText(SOE_MESSAGES.siteListRefreshed)).toBeInTheDocument();
    expect(button()).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent(SOE_MESSAGES.siteListRefreshed);
  });

  it('says so when the refresh fails, and can be tried again', async () => {
    const user = userEvent.setup();
    const onRefresh = vi
      .fn<() => Promise<{ message: string }>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValueOnce({ message: '' });
    render(<RefreshSiteListButton onRefresh={onRefresh} />);
    await user.click(button());
    expect(await screen.findByText(SOE_MESSAGES.siteListRefreshFailed)).toBeInTheDocument();
    await user.click(button());
    // An answer without a message still reads as the spec's success text.
    expect(await screen.findByText(SOE_MESSAGES.siteListRefreshed)).toBeInTheDocument();
    expect(screen.queryByText(SOE_MESSAGES.siteListRefreshFailed)).not.toBeInTheDocument();
  });

  it('is not offered to read-only users', () => {
    render(<RefreshSiteListButton readOnly onRefresh={vi.fn()} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
