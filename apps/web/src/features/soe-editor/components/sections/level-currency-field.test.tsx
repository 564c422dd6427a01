import { SOE_MESSAGES } from '@predict/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LevelCurrencyField, type LevelCurrencyFieldProps, type LevelCurrencyValue } from './index';

function Harness(props: Partial<LevelCurrencyFieldProps> & { initial?: LevelCurrencyValue }) {
  const { initial = { currency: 'EUR', exchangeRate: 0.92 }, onChange, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <LevelCurrencyField
      {...value}
      effectiveCurrency="USD"
      effectiveExchangeRate={1}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
      {...rest}
    />
  );
}

const rate = () => screen.getByRole('textbox', { name: 'Exchange Rate' });

describe('LevelCurrencyField', () => {
  it("shows the level's currency and rate", () => {
    render(<Harness />);
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR - Euro');
    expect(rate()).toHaveValue('0.92');
  });

  it.each(['0', '1.23456', '-2', 'abc'])('refuses the rate %s with the spec message', async (text) => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onValidityChange = vi.fn();
    render(<Harness onChange={onChange} onValidityChange={onValidityChange} />);
    await user.clear(rate());
    await user.type(rate(), text);
    expect(rate()).toHaveValue(text);
    expect(rate()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(SOE_MESSAGES.exchangeRate)).toBeInTheDocument();
    expect(onValidityChange).toHaveBeenLastCalledWith(false);
    expect(onChange).toHaveBeenLastCalledWith({ currency: 'EUR', exchangeRate: null });
  });

  it('accepts a rate above 0 with up to 4 decimals', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onValidityChange = vi.fn();
    render(<Harness onChange={onChange} onValidityChange={onValidityChange} />);
    await user.clear(rate());
    await user.type(rate(), '1.0825');
    expect(onChange).toHaveBeenLastCalledWith({ currency: 'EUR', exchangeRate: 1.0825 });
    expect(rate()).toHaveAttribute('aria-invalid', 'false');
    expect(onValidityChange).not.toHaveBeenLastCalledWith(false);
  });

  it('finds a currency by name and clears it back to the inherited one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Currency' });
    await user.clear(box);
    await user.type(box, 'sterling');
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['GBP - Pound Sterling']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ currency: 'GBP', exchangeRate: 0.92 });
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenLastCalledWith({ currency: null, exchangeRate: 0.92 });
    expect(screen.getByText('Inherited: USD')).toBeInTheDocument();
  });

  it('disables both inputs for read-only users', () => {
    render(<Harness readOnly />);
    expect(screen.getByRole('combobox', { name: 'Currency' })).toBeDisabled();
    expect(rate()).toBeDisabled();
  });

  it('can leave the rate out (study level)', () => {
    render(<Harness showExchangeRate={false} />);
    expect(screen.queryByRole('textbox', { name: 'Exchange Rate' })).not.toBeInTheDocument();
  });
});
