import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider } from './confirm-provider';
import { useConfirm } from './use-confirm';

function DeleteButton() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        onClick={async () => {
          setAnswer('pending');
          setAnswer(String(await confirm('Deletion cannot be undone.')));
        }}
      >
        Delete
      </button>
      <output>{answer}</output>
    </>
  );
}

function renderConfirm() {
  render(
    <ConfirmProvider>
      <DeleteButton />
    </ConfirmProvider>,
  );
  return userEvent.setup();
}

describe('WarningDialog and useConfirm', () => {
  it("asks with a 'Warning!' dialog and resolves true on OK", async () => {
    const user = renderConfirm();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warning!' });
    expect(dialog).toHaveTextContent('Deletion cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('true')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('resolves false on Cancel and on Escape', async () => {
    const user = renderConfirm();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('false')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog');
    expect(screen.getByText('pending')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await screen.findByText('false')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('needs its provider', () => {
    function Bare() {
      useConfirm();
      return null;
    }
    expect(() => render(<Bare />)).toThrow('useConfirm must be used inside ConfirmProvider.');
  });
});
