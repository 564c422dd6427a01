import { CURRENCIES } from '@predict/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CurrencyPicker } from './currency-picker';

function Form({ initial }: { initial: string | null }) {
  const [code, setCode] = useState(initial);
  return (
    <>
      <CurrencyPicker value={code} onChange={setCode} />
      <output aria-label="Chosen">{code ?? 'none'}</output>
    </>
  );
}

const chosen = () => screen.getByLabelText('Chosen').textContent;

describe('CurrencyPicker', () => {
  it('offers the 45 currencies, finds them by code or name, picks by keyboard and clears', async () => {
    const user = userEvent.setup();
    render(<Form initial="USD" />);
    const input = screen.getByRole('combobox', { name: 'Currency' });
    expect(input).toHaveValue('USD - US Dollar');
    expect(CURRENCIES).toHaveLength(45);

    await user.clear(input);
    expect(chosen()).toBe('none');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(45);
    await user.type(input, 'yen');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['JPY - Yen']);
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('JPY');

    await user.clear(input);
    await user.type(input, 'chf');
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('CHF');
    expect(input).toHaveValue('CHF - Swiss Franc');

    // Escape clears (the clear button only shows on hover or focus).
    await user.keyboard('{Escape}');
    expect(chosen()).toBe('none');
    expect(input).toHaveValue('');
  }, 60_000);
});
